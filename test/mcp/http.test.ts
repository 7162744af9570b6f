// The MCP listener's HTTP behaviour below the protocol: Host and Origin validation (DNS-rebinding
// protection), CORS for browser clients, 405 for GET/DELETE, the body-size bound, the server card
// and unknown paths. Raw node:http requests, so Host and Origin can be set freely.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { mcpMaxRequestBytes } from '../../src/http/request-limits.ts';
import { buildServerCard } from '../../src/capabilities/documents/mcp-server-card.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { modernHeaders, modernMessage } from '../helpers/modern-mcp.ts';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(
  url: string,
  options: {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    chunked?: boolean;
  },
): Promise<RawResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: options.method ?? 'POST',
        path: options.path ?? target.pathname,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...options.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    if (options.body !== undefined && options.chunked) {
      // Two writes before end(): Node sends Transfer-Encoding: chunked with no Content-Length.
      const body = String(options.body);
      req.write(body.slice(0, 100));
      req.end(body.slice(100));
      return;
    }
    if (options.body !== undefined) req.setHeader('content-length', Buffer.byteLength(options.body));
    req.end(options.body);
  });
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw-test', version: '1.0.0' } },
});

describe('MCP listener HTTP checks', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ BASE_URL: 'https://verto.example', MCP_URL: 'https://mcp.verto.example/mcp' });
  });
  after(() => app.stop());

  it('answers a 2025-era initialize POST with one JSON body, and a notification with 202', async () => {
    const res = await request(app.mcpUrl, { body: initialize });
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    assert.equal(res.headers['mcp-session-id'], undefined, 'stateless: no session');
    assert.match(res.body, /"serverInfo"/);
    const notification = await request(app.mcpUrl, {
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      headers: { 'mcp-protocol-version': '2025-11-25' },
    });
    assert.equal(notification.status, 202);
  });

  it('answers a 2026-07-28 tools/call with one JSON body of declared length, with the RateLimit headers the call set', async () => {
    const tool = 'service_search_case_studies';
    const res = await request(app.mcpUrl, {
      body: JSON.stringify(modernMessage('tools/call', { name: tool, arguments: { query: 'pipeline growth' } })),
      headers: modernHeaders('tools/call', tool),
    });
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    assert.equal(res.headers['transfer-encoding'], undefined, 'sent whole, not chunked');
    assert.equal(Number(res.headers['content-length']), Buffer.byteLength(res.body));
    assert.match(String(res.headers.ratelimit), /r=\d+/);
    assert.equal(JSON.parse(res.body).result.isError, undefined);
  });

  it('accepts the configured public host names in Host', async () => {
    for (const host of ['mcp.verto.example', 'verto.example:443', 'localhost:3001', '[::1]:3001']) {
      const res = await request(app.mcpUrl, { body: initialize, headers: { host } });
      assert.equal(res.status, 200, host);
    }
  });

  it('rejects a foreign Host with 403 (DNS rebinding)', async () => {
    const res = await request(app.mcpUrl, { body: initialize, headers: { host: 'attacker.example' } });
    assert.equal(res.status, 403);
    assert.equal(JSON.parse(res.body).error.code, -32000);
  });

  it('rejects a foreign Origin with 403 and allows configured and loopback origins with CORS headers', async () => {
    const foreign = await request(app.mcpUrl, { body: initialize, headers: { origin: 'https://attacker.example' } });
    assert.equal(foreign.status, 403);
    const nullOrigin = await request(app.mcpUrl, { body: initialize, headers: { origin: 'null' } });
    assert.equal(nullOrigin.status, 403);
    const lookalike = await request(app.mcpUrl, {
      body: initialize,
      headers: { origin: 'http://verto.example.attacker.example' },
    });
    assert.equal(lookalike.status, 403);
    for (const origin of ['https://verto.example', 'https://mcp.verto.example', 'http://localhost:6274']) {
      const res = await request(app.mcpUrl, { body: initialize, headers: { origin } });
      assert.equal(res.status, 200, origin);
      assert.equal(res.headers['access-control-allow-origin'], origin);
      assert.match(String(res.headers['access-control-expose-headers']), /Mcp-Protocol-Version/);
      assert.match(String(res.headers.vary), /Origin/);
    }
    const wrongScheme = await request(app.mcpUrl, { body: initialize, headers: { origin: 'http://verto.example' } });
    assert.equal(wrongScheme.status, 403);
  });

  it('answers a CORS preflight from an allowed origin, including the Authorization header', async () => {
    const res = await request(app.mcpUrl, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://verto.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, mcp-protocol-version',
      },
    });
    assert.equal(res.status, 204);
    assert.equal(res.headers['access-control-allow-origin'], 'https://verto.example');
    assert.match(String(res.headers['access-control-allow-methods']), /POST/);
    assert.match(String(res.headers['access-control-allow-headers']), /authorization/i);
    const foreign = await request(app.mcpUrl, {
      method: 'OPTIONS',
      headers: { origin: 'https://attacker.example', 'access-control-request-method': 'POST' },
    });
    assert.equal(foreign.status, 403);
  });

  it('answers GET and DELETE with 405 and Allow, as the server keeps no sessions or streams', async () => {
    for (const method of ['GET', 'DELETE', 'PUT']) {
      const res = await request(app.mcpUrl, { method, headers: { accept: 'text/event-stream' } });
      assert.equal(res.status, 405, method);
      assert.equal(res.headers.allow, 'POST, OPTIONS');
      assert.equal(JSON.parse(res.body).jsonrpc, '2.0');
    }
  });

  it(`rejects bodies over ${mcpMaxRequestBytes} bytes with 413, with or without Content-Length`, async () => {
    const padding = 'x'.repeat(mcpMaxRequestBytes);
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { padding } } });
    const declared = await request(app.mcpUrl, { body: big });
    assert.equal(declared.status, 413);
    const chunked = await request(app.mcpUrl, { body: big, chunked: true });
    assert.equal(chunked.status, 413);
  });

  it('rejects a body that is not JSON by content type with 415', async () => {
    const res = await request(app.mcpUrl, { body: initialize, headers: { 'content-type': 'text/plain' } });
    assert.equal(res.status, 415);
  });

  it('serves the server card at <MCP_URL>/server-card, built from the live tool list', async () => {
    const res = await request(app.mcpUrl, { method: 'GET', path: '/mcp/server-card' });
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    assert.equal(res.headers['access-control-allow-origin'], '*');
    const card = JSON.parse(res.body) as ReturnType<typeof buildServerCard>;
    assert.deepEqual(
      card,
      JSON.parse(
        JSON.stringify(
          buildServerCard(
            app.app.services.config,
            app.app.services.content.site,
            app.app.services.catalog.capabilities,
          ),
        ),
      ),
    );
    assert.equal(card.remotes[0]?.url, 'https://mcp.verto.example/mcp');
    assert.equal(card.remotes[0]?.type, 'streamable-http');
    assert.ok(card.remotes[0]?.supportedProtocolVersions.includes('2026-07-28'));
    assert.equal(card.$schema, 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json');
    assert.equal(card.tools.length, 12);
    assert.equal(card.serverInfo.name, card.name);
  });

  it('serves the same card as the site at /.well-known/mcp/server-card.json', async () => {
    const mcpCard = JSON.parse(
      (await request(app.mcpUrl, { method: 'GET', path: '/mcp/server-card' })).body,
    ) as unknown;
    const siteCard = await fetch(`${app.baseUrl}/.well-known/mcp/server-card.json`);
    assert.equal(siteCard.status, 200);
    assert.deepEqual(await siteCard.json(), mcpCard);
  });

  it('answers other paths with a JSON 404', async () => {
    const res = await request(app.mcpUrl, { method: 'GET', path: '/' });
    assert.equal(res.status, 404);
    assert.match(JSON.parse(res.body).error.message, /\/mcp/);
  });
});

describe('MCP listener shutdown', () => {
  it('stops within the drain period even while a request is still arriving', async () => {
    const app = await startTestApp();
    const target = new URL(app.mcpUrl);
    const stuck = http.request({
      host: target.hostname,
      port: target.port,
      method: 'POST',
      path: '/mcp',
      headers: { 'content-type': 'application/json', 'content-length': '1000' },
    });
    stuck.on('error', () => {});
    stuck.write('{"jsonrpc":"2.0",');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    await app.stop();
    const seconds = (performance.now() - started) / 1000;
    assert.ok(seconds < 7, `stop took ${seconds.toFixed(1)} s`);
    stuck.destroy();
  });
});
