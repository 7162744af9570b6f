// The fetch-shaped MCP handler behind the listener: 2026-07-28 requests go to the SDK's per-request
// entry (createMcpHandler); 2025-era requests to a stateless leg that answers with one JSON body
// instead of the SDK fallback's SSE stream (cheaper, and no tool streams anything). Both legs build
// their server from the same factory, so the eras cannot drift apart.
import {
  createMcpHandler,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
  type McpHandlerRequestOptions,
  type McpServerFactory,
} from '@modelcontextprotocol/server';

export interface EraRouter {
  fetch(request: Request, options?: McpHandlerRequestOptions): Promise<Response>;
  close(): Promise<void>;
}

export function createEraRouter(
  factory: McpServerFactory,
  maxRequestBodySize: number,
  onerror: (error: Error) => void,
): EraRouter {
  // 'auto' answers with one JSON body, as no tool emits mid-call messages ('json' does the same but
  // makes the SDK print a warning on every start).
  const modern = createMcpHandler(factory, { legacy: 'reject', responseMode: 'auto', maxRequestBodySize, onerror });

  const legacy = async (request: Request, options?: McpHandlerRequestOptions): Promise<Response> => {
    const server = await factory({
      era: 'legacy',
      requestInfo: request,
      ...(options?.authInfo && { authInfo: options.authInfo }),
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize,
    });
    transport.onerror = onerror;
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, {
        ...(options?.authInfo && { authInfo: options.authInfo }),
        ...(options?.parsedBody !== undefined && { parsedBody: options.parsedBody }),
      });
    } finally {
      void transport.close().catch(onerror);
      void server.close().catch(onerror);
    }
  };

  return {
    fetch: async (request, options) =>
      // With the body already parsed (endpoint.ts), the era is read from it: nothing is cloned or read again.
      (await isLegacyRequest(request, options?.parsedBody, { maxRequestBodySize }))
        ? legacy(request, options)
        : modern.fetch(request, options),
    close: () => modern.close(),
  };
}
