// PostgreSQL becoming unreachable mid-run (the app's pool goes through a TCP relay the test cuts):
// reads keep answering, writes (REST, HTML form, MCP) fail with 502 / a tool error, reading a kept
// A2A task says unavailable (503), health says degraded without naming secrets, nothing accepted
// before is lost, and all recovers when it is back.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { modern, textOf } from '../mcp/clients.ts';
import { startWebhookReceiver, webhookSecret, type Receiver } from '../delivery/doubles.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { freshPostgresUrl } from '../helpers/postgres.ts';
import { proxyDatabase, type TcpProxy } from '../helpers/tcp-proxy.ts';

const enquiry = {
  fromName: 'Ada Lovelace',
  fromEmail: 'ada@example.com',
  message: 'We would like to talk about pipeline.',
};

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not in time: ${what}`);
    await sleep(100);
  }
}

describe('when PostgreSQL becomes unreachable', () => {
  let proxy: TcpProxy;
  let app: TestApp;
  let receiver: Receiver;
  let databaseUrl: string;

  const contact = (ip: string): Promise<Response> =>
    fetch(`${app.baseUrl}/agent/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify(enquiry),
    });
  const health = async (): Promise<{ status: string }> =>
    (await fetch(`${app.baseUrl}/agent/health`)).json() as Promise<{ status: string }>;

  before(async () => {
    ({ proxy, url: databaseUrl } = await proxyDatabase(await freshPostgresUrl()));
    receiver = await startWebhookReceiver();
    receiver.status = 503; // the CRM is down too at first, so the accepted enquiry waits in the outbox
    app = await startTestApp({
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: 'loopback',
      CRM_WEBHOOK_URL: receiver.url,
      CRM_WEBHOOK_SECRET: webhookSecret,
      DELIVERY_POLL_MS: '100',
      DELIVERY_BASE_DELAY_MS: '100',
      DELIVERY_MAX_DELAY_MS: '300',
      // Retries keep going through the whole outage instead of giving up.
      DELIVERY_MAX_ATTEMPTS: '1000',
      // A send cut off by the outage keeps its lease until it expires; keep that short here.
      DELIVERY_TIMEOUT_MS: '1000',
      DELIVERY_LEASE_MS: '2000',
    });
  });

  after(async () => {
    await proxy?.restore();
    await app?.stop();
    await proxy?.close();
    await receiver?.close();
  });

  it('keeps an enquiry accepted before the outage, answers reads, refuses writes with 502 and reports degraded', async () => {
    const accepted = await contact('192.0.2.1');
    assert.equal(accepted.status, 202);
    const { reference } = (await accepted.json()) as { reference: string };
    assert.equal((await health()).status, 'ok');

    await proxy.cut();

    const refused = await contact('192.0.2.2');
    assert.equal(refused.status, 502);
    const text = await refused.text();
    assert.equal((JSON.parse(text) as { status: string }).status, 'upstream_error');
    assert.doesNotMatch(text, /postgres|127\.0\.0\.1|ECONN|password|whsec_/i);
    assert.equal(refused.headers.get('api-version'), '1');

    const form = await fetch(`${app.baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '192.0.2.4' },
      body: new URLSearchParams(enquiry).toString(),
    });
    assert.equal(form.status, 502);
    assert.match(form.headers.get('content-type') ?? '', /text\/html/);
    assert.doesNotMatch(await form.text(), /postgres|127\.0\.0\.1|ECONN/i);

    await until('health degraded', async () => (await health()).status === 'degraded');
    const healthText = await (await fetch(`${app.baseUrl}/agent/health`)).text();
    assert.doesNotMatch(healthText, /postgres|5432|whsec_|secret/i);

    for (const path of ['/', '/llms.txt', '/.well-known/api-catalog', '/agent/case-studies', '/agent/openapi.json']) {
      const res = await fetch(`${app.baseUrl}${path}`);
      assert.equal(res.status, 200, path);
      await res.arrayBuffer();
    }

    // Reading a kept A2A task needs the database: both bindings say it is unavailable (503), not an internal error.
    const taskId = crypto.randomUUID();
    const rpcRead = await fetch(`${app.baseUrl}/a2a`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0', 'x-forwarded-for': '192.0.2.5' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: taskId } }),
    });
    assert.equal(rpcRead.status, 503);
    const rpcError = ((await rpcRead.json()) as { error: { code: number; message: string } }).error;
    assert.equal(rpcError.code, -32603);
    assert.match(rpcError.message, /^Kept records cannot be read right now/);
    const restRead = await fetch(`${app.baseUrl}/a2a/rest/tasks/${taskId}`, {
      headers: { 'a2a-version': '1.0', 'x-forwarded-for': '192.0.2.5' },
    });
    assert.equal(restRead.status, 503);
    const restText = await restRead.text();
    assert.match(restText, /Kept records cannot be read right now/);
    assert.doesNotMatch(restText, /postgres|127\.0\.0\.1|ECONN/i);

    const mcp = await modern.connect(app.mcpUrl);
    try {
      const index = await mcp.callTool('service_get_site_index', {});
      assert.notEqual(index.isError, true);
      const send = await mcp.callTool('service_send_enquiry', enquiry);
      assert.equal(send.isError, true);
      assert.doesNotMatch(textOf(send), /postgres|127\.0\.0\.1|ECONN/i);
    } finally {
      await mcp.close();
    }

    await proxy.restore();
    await until('health ok again', async () => (await health()).status === 'ok');
    const after = await contact('192.0.2.3');
    assert.equal(after.status, 202);
    const second = ((await after.json()) as { reference: string }).reference;

    // The CRM comes back: both enquiries are delivered once, the first one included.
    receiver.status = 200;
    await until('both enquiries delivered', () => receiver.bodies.length >= 2, 15_000);
    assert.deepEqual(receiver.bodies.map((b) => b.data.reference).sort(), [reference, second].sort());
    assert.deepEqual([...receiver.seen.values()], [1, 1]);
  });
});
