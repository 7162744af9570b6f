// Connection limits on every listener (site/API, MCP, metrics, dashboard): a body that stalls, headers that
// never end and idle keep-alive connections are cut after their timeouts, while other clients are
// served; an oversized MCP upload is answered 413 and closed, not drained.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { openRaw } from '../helpers/raw-http.ts';

const requestTimeoutMs = 800;
/** Longest a cut may take past its timeout: the check runs every tenth of the headers timeout. */
const slackMs = 3_000;

describe('connection limits', () => {
  let t: TestApp;
  let listeners: { name: string; port: number; path: string }[];
  before(async () => {
    t = await startTestApp({
      REQUEST_TIMEOUT_MS: String(requestTimeoutMs),
      HEADERS_TIMEOUT_MS: '400',
      KEEP_ALIVE_TIMEOUT_MS: '300',
      METRICS_PORT: '0',
      ADMIN_PORT: '0',
      ADMIN_TOKEN: 'dashboard-test-token-0123456789',
    });
    listeners = [
      { name: 'site and API', port: Number(new URL(t.baseUrl).port), path: '/agent/contact' },
      { name: 'MCP', port: Number(new URL(t.mcpUrl).port), path: '/mcp' },
      { name: 'metrics', port: t.app.metrics!.port, path: '/metrics' },
      { name: 'dashboard', port: t.app.admin!.port, path: '/' },
    ];
  });
  after(() => t.stop());

  const stalledBody = (path: string): string =>
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"fromName":`;

  it('answers a stalled body with 408 and closes it on every listener, while other clients are served', async () => {
    for (const { name, port, path } of listeners) {
      const started = Date.now();
      const stalled = await Promise.all(Array.from({ length: 20 }, () => openRaw(port, stalledBody(path))));
      // Other clients are served while the stalled bodies hold their connections.
      const health = await fetch(`${t.baseUrl}/agent/health`);
      assert.equal(health.status, 200, name);
      const results = await Promise.all(stalled.map((connection) => connection.closed));
      for (const { text, closedByServer } of results) {
        assert.ok(closedByServer, `${name}: the server closed the stalled connection`);
        // Metrics answer a POST at once (405), the dashboard an unsigned one (401); the others wait for the body.
        const early = { metrics: /^HTTP\/1\.1 405 /, dashboard: /^HTTP\/1\.1 401 / }[name];
        assert.match(text, early ?? /^HTTP\/1\.1 408 /, name);
        assert.equal(text.match(/HTTP\/1\.1 /g)?.length, 1, `${name}: one answer per request`);
        assert.doesNotMatch(text, /Client Timeout|fastify/i, `${name}: not the framework's body`);
      }
      assert.ok(Date.now() - started < requestTimeoutMs + slackMs, `${name}: cut by REQUEST_TIMEOUT_MS, not a default`);
    }
  });

  it('answers a 408 in the API error shape on the site listener and as JSON-RPC on the MCP listener', async () => {
    const site = await openRaw(listeners[0]!.port, stalledBody('/agent/contact'));
    const mcp = await openRaw(listeners[1]!.port, stalledBody('/mcp'));
    const siteBody = JSON.parse((await site.closed).text.split('\r\n\r\n')[1]!);
    assert.equal(siteBody.status, 'request_timeout');
    const mcpBody = JSON.parse((await mcp.closed).text.split('\r\n\r\n')[1]!);
    assert.equal(mcpBody.jsonrpc, '2.0');
    assert.match(mcpBody.error.message, /timeout/i);
  });

  it("answers a 408 at an A2A path in its binding's shape: JSON-RPC at /a2a, google.rpc.Status under /a2a/rest/", async () => {
    const port = listeners[0]!.port;
    const [rpc, rest] = await Promise.all([
      openRaw(port, stalledBody('/a2a')),
      openRaw(port, stalledBody('/a2a/rest/message:send')),
    ]);
    const rpcAnswer = (await rpc.closed).text;
    assert.match(rpcAnswer, /^HTTP\/1\.1 408 /);
    const rpcBody = JSON.parse(rpcAnswer.split('\r\n\r\n')[1]!);
    assert.deepEqual([rpcBody.jsonrpc, rpcBody.id, rpcBody.error.code], ['2.0', null, -32600]);
    const restAnswer = (await rest.closed).text;
    assert.match(restAnswer, /content-type: application\/a2a\+json/i);
    const restBody = JSON.parse(restAnswer.split('\r\n\r\n')[1]!);
    assert.deepEqual([restBody.error.code, restBody.error.status], [408, 'DEADLINE_EXCEEDED']);
  });

  it('cuts a stalled body once its time is up, not before', async () => {
    const started = Date.now();
    const connection = await openRaw(listeners[0]!.port, stalledBody('/agent/contact'));
    await new Promise((resolve) => setTimeout(resolve, requestTimeoutMs / 2));
    assert.equal(connection.received(), '', 'still open half-way through its time');
    const { text } = await connection.closed;
    assert.match(text, /^HTTP\/1\.1 408 /);
    assert.ok(Date.now() - started >= requestTimeoutMs - 50);
  });

  it("cuts a body that keeps dribbling in once the request time is up, answered or not (the dashboard's 401)", async () => {
    for (const { name, port, path } of [listeners[0]!, listeners[3]!]) {
      const started = Date.now();
      const connection = await openRaw(port, stalledBody(path));
      // One byte every 100 ms: never idle, but never complete either.
      const drip = setInterval(() => {
        if (!connection.socket.destroyed) connection.socket.write(' ');
      }, 100);
      try {
        const { text, closedByServer } = await connection.closed;
        assert.ok(closedByServer, name);
        assert.match(text, name === 'dashboard' ? /^HTTP\/1\.1 401 / : /^HTTP\/1\.1 408 /, name);
        assert.ok(
          Date.now() - started < requestTimeoutMs + slackMs,
          `${name}: cut by REQUEST_TIMEOUT_MS, not a default`,
        );
      } finally {
        clearInterval(drip);
      }
    }
  });

  it('answers headers that never end with 408 and closes the connection on every listener', async () => {
    for (const { name, port } of listeners) {
      const started = Date.now();
      const connection = await openRaw(port, 'GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
      const { text, closedByServer } = await connection.closed;
      assert.ok(closedByServer, name);
      assert.match(text, /^HTTP\/1\.1 408 /, name);
      assert.ok(Date.now() - started < 400 + slackMs, `${name}: cut by HEADERS_TIMEOUT_MS, not a default`);
    }
  });

  it('closes an idle keep-alive connection on every listener', async () => {
    for (const { name, port } of listeners) {
      const started = Date.now();
      const connection = await openRaw(port, 'GET /agent/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      const { text, closedByServer } = await connection.closed;
      assert.ok(Date.now() - started < 300 + slackMs, `${name}: closed after KEEP_ALIVE_TIMEOUT_MS, not a default`);
      assert.ok(closedByServer, `${name}: the server closed the idle connection`);
      assert.match(text, /^HTTP\/1\.1 \d{3} /, name);
    }
  });

  it('answers an oversized MCP upload with 413 and closes the connection instead of reading the rest', async () => {
    const declared = 100 * 1024 * 1024;
    const connection = await openRaw(
      listeners[1]!.port,
      `POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`,
    );
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    // Keep sending, as a hostile client would, until the server closes the connection.
    while (!connection.socket.destroyed && sent < declared) {
      if (!connection.socket.write(chunk))
        await new Promise((resolve) => connection.socket.once('drain', resolve).once('close', resolve));
      sent += chunk.length;
    }
    const { text, closedByServer } = await connection.closed;
    assert.ok(closedByServer);
    assert.match(text, /^HTTP\/1\.1 413 /);
    assert.match(text, /connection: close/i);
    assert.ok(sent < declared / 4, `the server stopped reading early (client wrote ${sent} bytes)`);
  });
});
