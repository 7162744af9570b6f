// A 2026-07-28 MCP request as the official client sends it over HTTP: no initialize, a `_meta`
// envelope on every request, Mcp-Method and Mcp-Name headers. No imports, so the bundle test and bench/ stay light.

export const modernRevision = '2026-07-28';

const envelope = {
  'io.modelcontextprotocol/protocolVersion': modernRevision,
  'io.modelcontextprotocol/clientInfo': { name: 'agentsite-test', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** The JSON-RPC request for `method`: `params` with the client's `_meta` envelope added. */
export function modernMessage(
  method: string,
  params: Record<string, unknown> = {},
  id = 1,
): { jsonrpc: '2.0'; id: number; method: string; params: Record<string, unknown> } {
  return { jsonrpc: '2.0', id, method, params: { ...params, _meta: envelope } };
}

/** The headers that go with it: Mcp-Method names `method`, Mcp-Name the `tool` a tools/call calls. */
export function modernHeaders(method?: string, tool?: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': modernRevision,
    ...(method === undefined ? {} : { 'mcp-method': method }),
    ...(tool === undefined ? {} : { 'mcp-name': tool }),
  };
}

/**
 * POSTs `message` (a request object, or raw text) with the headers its method and tool call for,
 * changed by `headers`: an `undefined` there leaves that header out.
 */
export function postModern(
  url: string,
  message: object | string,
  headers: Record<string, string | undefined> = {},
): Promise<Response> {
  const request = typeof message === 'string' ? {} : (message as { method?: string; params?: { name?: unknown } });
  const tool = typeof request.params?.name === 'string' ? request.params.name : undefined;
  const all: Record<string, string | undefined> = { ...modernHeaders(request.method, tool), ...headers };
  return fetch(url, {
    method: 'POST',
    headers: Object.fromEntries(
      Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
    body: typeof message === 'string' ? message : JSON.stringify(message),
  });
}
