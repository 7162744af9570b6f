// send_enquiry and the REST contact endpoint share one enquiry path: the same idempotency keys and
// the same 5-per-minute budget per client address, whichever surface or protocol era is used.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { claimIdempotencyKey, requestHash } from '../../src/domain/idempotency.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { legacy, modern, textOf } from './clients.ts';
import { useMcpSession } from './era-suite.ts';
import { modernHeaders, modernMessage } from '../helpers/modern-mcp.ts';
import { awayFromMinuteBoundary } from '../helpers/rate-windows.ts';

const enquiry = {
  fromName: 'Grace Hopper',
  fromEmail: 'grace@example.com',
  message: 'Please call me about demand generation.',
};

async function restContact(app: TestApp, body: object, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${app.baseUrl}/agent/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('send_enquiry and POST /agent/contact share one enquiry path', () => {
  const mcp = useMcpSession([modern, legacy]);

  it('replays an idempotent call across MCP and REST, and refuses the same key with other content', async () => {
    // Its enquiry opens the clock minute's budget the next test spends to its refusal: both run in one minute.
    await awayFromMinuteBoundary(20);
    const first = await mcp
      .clientOf(modern)
      .callTool('service_send_enquiry', { ...enquiry, idempotencyKey: 'order-42' });
    assert.equal(first.isError, undefined, textOf(first));
    const remaining = (first.structuredContent!.rateLimit as { window: string; remaining: number }[])[0];
    assert.deepEqual(remaining && [remaining.window, remaining.remaining], ['contact-minute', 4]);

    const again = await mcp
      .clientOf(legacy)
      .callTool('service_send_enquiry', { ...enquiry, idempotencyKey: 'order-42' });
    assert.equal(again.structuredContent?.replayed, true);
    assert.equal(again.structuredContent?.reference, first.structuredContent?.reference);
    assert.equal(
      (again.structuredContent!.rateLimit as { remaining: number }[])[0]?.remaining,
      4,
      'a replay spends no quota',
    );

    const rest = await restContact(mcp.app, enquiry, { 'idempotency-key': 'order-42' });
    assert.equal(rest.status, 202);
    assert.equal(rest.headers.get('idempotent-replayed'), 'true');
    assert.equal(((await rest.json()) as { reference: string }).reference, first.structuredContent?.reference);

    const conflict = await mcp.clientOf(modern).callTool('service_send_enquiry', {
      ...enquiry,
      message: 'A different message entirely.',
      idempotencyKey: 'order-42',
    });
    assert.equal(conflict.isError, true);
    assert.match(textOf(conflict), /idempotencyKey/);
  });

  it('tells a copy sent while the first is still in flight to retry with the same key, not to take a new one', async () => {
    // The first request's claim, as it stands while that request is being processed.
    await claimIdempotencyKey(mcp.app.app.services.store.db, 'in-flight-7', requestHash(enquiry), new Date());
    for (const era of [modern, legacy]) {
      const copy = await mcp
        .clientOf(era)
        .callTool('service_send_enquiry', { ...enquiry, idempotencyKey: 'in-flight-7' });
      assert.equal(copy.isError, true);
      assert.match(textOf(copy), /still being processed; retry shortly/);
      assert.doesNotMatch(textOf(copy), /new idempotencyKey/);
      assert.equal(copy._meta?.retryAfter, 1);
    }
  });

  it('spends one 5-per-minute budget per client address across REST, both MCP eras, then refuses both surfaces', async () => {
    // One enquiry was accepted above; four more fill the minute window.
    assert.equal((await restContact(mcp.app, enquiry)).status, 202);
    assert.equal((await mcp.clientOf(legacy).callTool('service_send_enquiry', enquiry)).isError, undefined);
    assert.equal((await mcp.clientOf(modern).callTool('service_send_enquiry', enquiry)).isError, undefined);
    const fifth = await restContact(mcp.app, enquiry);
    assert.equal(fifth.status, 202);
    assert.equal(fifth.headers.get('ratelimit-remaining'), '0');

    for (const era of [modern, legacy]) {
      const refused = await mcp.clientOf(era).callTool('service_send_enquiry', enquiry);
      assert.equal(refused.isError, true);
      assert.match(textOf(refused), /Too many enquiries.*Retry after \d+ seconds/s);
    }
    const rest = await restContact(mcp.app, enquiry);
    assert.equal(rest.status, 429);
    assert.ok(Number(rest.headers.get('retry-after')) > 0);
  });

  it('validates enquiries with the same rules and field messages as the REST API', async () => {
    const bad = { fromName: '   ', fromEmail: 'nope', message: 'x'.repeat(2001), topic: 'sales', extra: true };
    const tool = await mcp.clientOf(modern).callTool('service_send_enquiry', bad);
    const rest = await restContact(mcp.app, bad);
    assert.equal(rest.status, 400);
    const restErrors = ((await rest.json()) as { errors: { field: string; message: string }[] }).errors;
    assert.equal(tool.isError, true);
    for (const { field, message } of restErrors)
      assert.ok(textOf(tool).includes(`- ${field}: ${message}`), `${field}: ${message}`);
  });
});

describe('send_enquiry reports mistyped and unstorable arguments as the REST API does', () => {
  const mcp = useMcpSession([modern, legacy]);
  const cases: [label: string, patch: Record<string, unknown>, field: string, message: RegExp][] = [
    ['a NUL name', { fromName: '\u0000' }, 'fromName', /control characters/],
    ['an invisible name', { fromName: '\u200b\u200b' }, 'fromName', /visible characters/],
    ['an ANSI escape in the name', { fromName: '\u001b[31mGrace' }, 'fromName', /control characters/],
    ['a line break in the organization', { organization: 'Navy\r\nLab' }, 'organization', /single line/],
    [
      'a lone surrogate in the message',
      { message: 'Please call \ud800 about demand generation.' },
      'message',
      /unpaired surrogate/,
    ],
  ];
  const wrongTypes: [value: unknown, name: string][] = [
    [null, 'null'],
    [123, 'a number'],
    [true, 'a boolean'],
    [['a'], 'an array'],
    [{}, 'an object'],
  ];
  for (const [value, name] of wrongTypes) {
    it(`says each text field must be a string, not ${name}, in both eras as the REST API does`, async () => {
      const fields = ['fromName', 'fromEmail', 'organization', 'message', 'agentId'];
      const body = Object.fromEntries(fields.map((field) => [field, value]));
      const rest = await restContact(mcp.app, body);
      const restErrors = ((await rest.json()) as { errors: { field: string; message: string }[] }).errors;
      for (const era of [modern, legacy]) {
        const tool = await mcp.clientOf(era).callTool('service_send_enquiry', body);
        assert.equal(tool.isError, true);
        for (const field of fields) {
          assert.ok(
            restErrors.some((e) => e.field === field && e.message === `must be a string, not ${name}`),
            `REST ${field}`,
          );
          assert.ok(textOf(tool).includes(`- ${field}: must be a string, not ${name}`), textOf(tool));
        }
      }
    });
  }
  for (const [label, patch, field, message] of cases) {
    it(`refuses ${label} in both eras with the REST API's field message`, async () => {
      const rest = await restContact(mcp.app, { ...enquiry, ...patch });
      assert.equal(rest.status, 400);
      const [restError] = ((await rest.json()) as { errors: { field: string; message: string }[] }).errors;
      assert.equal(restError?.field, field);
      assert.match(restError?.message ?? '', message);
      for (const era of [modern, legacy]) {
        const tool = await mcp.clientOf(era).callTool('service_send_enquiry', { ...enquiry, ...patch });
        assert.equal(tool.isError, true);
        assert.ok(textOf(tool).includes(`- ${field}: ${restError?.message}`), textOf(tool));
        assert.doesNotMatch(textOf(tool), /required|Invalid input|expected/);
      }
    });
  }
});

describe('send_enquiry over raw bytes', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.stop());

  it('refuses a body that is not UTF-8 (an encoded lone surrogate) instead of storing U+FFFD', async () => {
    const call = (fromName: string, fromEmail: string): Buffer =>
      Buffer.from(
        JSON.stringify(
          modernMessage('tools/call', {
            name: 'service_send_enquiry',
            arguments: { ...enquiry, fromName, fromEmail },
          }),
        ),
      );
    const post = (body: Buffer): Promise<Response> =>
      fetch(app.mcpUrl, { method: 'POST', headers: modernHeaders('tools/call', 'service_send_enquiry'), body });
    const stored = async (email: string): Promise<string[]> =>
      (
        await app.app.services.store.db
          .selectFrom('enquiries')
          .select('from_name')
          .where('from_email', '=', email)
          .execute()
      ).map((row) => row.from_name ?? '');

    const fine = await post(call('Grace é', 'utf8@example.com'));
    assert.equal(fine.status, 200);
    assert.deepEqual(await stored('utf8@example.com'), ['Grace é'], 'the same call in UTF-8 is accepted');

    const bytes = call('Grace @@@', 'bytes@example.com');
    const at = bytes.indexOf('@@@');
    bytes.set([0xed, 0xa0, 0x80], at);
    const refused = await post(bytes);
    assert.equal(refused.status, 400);
    assert.match(await refused.text(), /not valid UTF-8/);
    assert.deepEqual(await stored('bytes@example.com'), []);
  });
});

describe('the enquiry budget follows the client-address rule behind a trusted proxy', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ TRUST_PROXY: 'loopback' });
  });
  after(() => app.stop());

  it('counts MCP enquiries per forwarded client, shared with REST calls from that client', async () => {
    // Its budget is a clock minute's: the minute must not turn between spending it and the refusal.
    await awayFromMinuteBoundary();
    const first = await modern.connect(app.mcpUrl, { 'x-forwarded-for': '203.0.113.7' });
    const second = await legacy.connect(app.mcpUrl, { 'x-forwarded-for': '198.51.100.20' });
    try {
      for (let i = 0; i < 5; i++)
        assert.equal((await first.callTool('service_send_enquiry', enquiry)).isError, undefined);
      assert.equal((await first.callTool('service_send_enquiry', enquiry)).isError, true);
      assert.equal((await restContact(app, enquiry, { 'x-forwarded-for': '203.0.113.7' })).status, 429);
      assert.equal((await second.callTool('service_send_enquiry', enquiry)).isError, undefined);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('send_enquiry when the database is unreachable', () => {
  it('returns a tool error saying nothing was sent, with no internals', async () => {
    const app = await startTestApp();
    const client = await modern.connect(app.mcpUrl);
    try {
      await app.app.services.store.db.destroy();
      const result = await client.callTool('service_send_enquiry', enquiry);
      assert.equal(result.isError, true);
      assert.match(textOf(result), /could not be recorded right now; nothing was sent/);
      assert.doesNotMatch(textOf(result), /sqlite|database|Error:/i);
    } finally {
      await client.close();
      await app.stop().catch(() => {});
    }
  });
});
