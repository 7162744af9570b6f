// The direct tools/call path must answer exactly as the SDK would: each request goes to the running
// app (direct path on) and to a second endpoint over the same services that only has the SDK, and
// the two answers must be equal. Requests the direct path declines must reach the SDK unchanged.
import assert from 'node:assert/strict';
import http, { type IncomingMessage } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { agentContract } from '../../src/surfaces/rest/index.ts';
import { buildDefinitions } from '../../src/surfaces/mcp/definitions.ts';
import { createServerFactory } from '../../src/surfaces/mcp/build-server.ts';
import { mcpDeps } from '../../src/surfaces/mcp/deps.ts';
import { createDirectToolCall } from '../../src/surfaces/mcp/direct-tool-call.ts';
import { createMcpEndpoint } from '../../src/surfaces/mcp/endpoint.ts';
import { mcpExchangeOf } from '../../src/surfaces/mcp/exchange.ts';
import { buildServerCard } from '../../src/capabilities/documents/mcp-server-card.ts';
import { freePort, startTestApp, type TestApp } from '../helpers/app.ts';
import { modernHeaders, modernMessage, postModern } from '../helpers/modern-mcp.ts';

interface Answer {
  status: number;
  contentType: string | null;
  body: unknown;
}

/** POSTs `message` as the official client would; an `undefined` in `headers` leaves that one out. */
async function post(
  url: string,
  message: object | string,
  headers: Record<string, string | undefined> = {},
): Promise<Answer> {
  const response = await postModern(url, message, headers);
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: text ? JSON.parse(text) : null,
  };
}

const call = (name: string, args?: unknown, extra: Record<string, unknown> = {}): object =>
  modernMessage('tools/call', { name, ...(args === undefined ? {} : { arguments: args }), ...extra }, 7);

describe('direct tools/call path', () => {
  let app: TestApp;
  let sdkOnly: http.Server;
  let sdkUrl: string;
  let tool: (key: string) => string;

  before(async () => {
    app = await startTestApp();
    const { services } = app.app;
    const deps = mcpDeps(services, () => agentContract(services));
    const defs = buildDefinitions(deps);
    tool = (suffix) => defs.tools.find((t) => t.entry.name.endsWith(suffix))!.entry.name;
    // The same endpoint checks, without the direct path: what is left to compare is the SDK's answer.
    const endpoint = createMcpEndpoint(
      services.config,
      services.logger,
      createServerFactory(defs, services.logger),
      mcpExchangeOf(deps),
      buildServerCard(services.config, services.content.site, services.catalog.capabilities),
      undefined,
      new Set(defs.tools.map((t) => t.entry.name)),
    );
    sdkOnly = http.createServer(endpoint.listener);
    const port = await freePort();
    await new Promise<void>((resolve) => sdkOnly.listen(port, '127.0.0.1', resolve));
    sdkUrl = `http://127.0.0.1:${port}/mcp`;
  });
  after(async () => {
    sdkOnly.closeAllConnections();
    await new Promise((resolve) => sdkOnly.close(resolve));
    await app.stop();
  });

  const cases: [string, () => object | string, Record<string, string | undefined>?][] = [
    ['a case-study search', () => call(tool('_search_case_studies'), { query: 'pipeline growth', limit: 3 })],
    ['a call without arguments', () => call(tool('_get_contact'))],
    [
      'arguments that fail validation (a tool error)',
      () => call(tool('_search_case_studies'), { limit: 500, extra: true }),
    ],
    ['a page that does not exist (a tool error)', () => call(tool('_get_page'), { slug: 'no/such/page' })],
    ['an unknown tool', () => call('no_such_tool', {})],
    ['arguments that are not an object', () => call(tool('_get_contact'), 'full')],
    ['an Mcp-Name header naming another tool', () => call(tool('_get_contact'), {}), { 'mcp-name': 'other' }],
    ['no Mcp-Method header', () => call(tool('_get_contact'), {}), { 'mcp-method': undefined }],
    [
      'a protocol version header that disagrees with the body',
      () => call(tool('_get_contact'), {}),
      { 'mcp-protocol-version': '2025-11-25' },
    ],
    ['an unknown params field', () => call(tool('_get_contact'), {}, { task: { ttl: 1 } })],
    ['a body that is not JSON', () => '{"jsonrpc":', { 'mcp-method': 'tools/call' }],
  ];
  for (const [name, message, headers] of cases) {
    it(`answers ${name} exactly as the SDK does`, async () => {
      const sent = message();
      assert.deepEqual(await post(app.mcpUrl, sent, headers), await post(sdkUrl, sent, headers));
    });
  }

  it("answers a repeated call (from the result cache) exactly as the SDK does, with each call's own id", async () => {
    const search = (id: number): object =>
      modernMessage('tools/call', { name: tool('_search_case_studies'), arguments: { query: 'demand', limit: 4 } }, id);
    const first = await post(app.mcpUrl, search(11));
    const again = await post(app.mcpUrl, search(12));
    assert.deepEqual(again, await post(sdkUrl, search(12)));
    assert.deepEqual(again, { ...first, body: { ...(first.body as object), id: 12 } });
  });

  it('takes the requests the official 2026-07-28 client sends, and declines the others', async () => {
    const { services } = app.app;
    const deps = mcpDeps(services, () => agentContract(services));
    const direct = createDirectToolCall(buildDefinitions(deps), services.logger);
    const searchTool = tool('_search_case_studies');
    const search = JSON.stringify(call(searchTool, { query: 'security' }));
    const headers = modernHeaders('tools/call', searchTool);
    const exchange = mcpExchangeOf(deps)({
      method: 'POST',
      url: '/mcp',
      headers,
      socket: { remoteAddress: '127.0.0.1' },
    } as IncomingMessage);
    const answer = await direct(headers, search, exchange);
    assert.equal((JSON.parse(Buffer.concat(answer!).toString()) as { id: number }).id, 7);
    assert.equal(direct(modernHeaders('tools/call', 'other'), search, exchange), undefined);
    assert.equal(direct({ ...headers, 'content-type': 'text/plain' }, search, exchange), undefined);
  });
});
