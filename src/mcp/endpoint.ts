// Routes the MCP listener's requests: POST /mcp to the stateless Streamable HTTP handler of both
// protocol eras (era-router.ts), GET /mcp/server-card to the card, anything else to a JSON 404.
// Host, Origin, method and body-size checks run here, before the SDK sees the request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServerFactory } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import {
  answerPreflight, createGuards, mcpMaxRequestBytes, setCorsHeaders, writeJsonRpcError,
} from './http-guards.ts';
import { createEraRouter } from './era-router.ts';
import { withMcpRequest } from './request-context.ts';

export const mcpPath = '/mcp';
export const serverCardPath = '/mcp/server-card';

export interface McpEndpoint {
  listener(req: IncomingMessage, res: ServerResponse): void;
  close(): Promise<void>;
}

export function createMcpEndpoint(
  config: Pick<Config, 'mcpUrl' | 'baseUrl'>, logger: Logger, factory: McpServerFactory, serverCard: object,
): McpEndpoint {
  const onerror = (error: Error): void => logger.warn({ err: { name: error.name, message: error.message } }, 'mcp request failed');
  const handler = createEraRouter(factory, mcpMaxRequestBytes, onerror);
  const nodeHandler = toNodeHandler(handler, { maxRequestBodySize: mcpMaxRequestBytes, onerror });
  const guards = createGuards(config);
  const cardBody = JSON.stringify(serverCard, null, 2);

  const serveMcp = (req: IncomingMessage, res: ServerResponse): void => {
    if (!guards.hostAllowed(req)) return writeJsonRpcError(res, 403, 'Forbidden: Host header is not an address of this server.');
    if (!guards.originAllowed(req)) return writeJsonRpcError(res, 403, 'Forbidden: Origin is not allowed.');
    setCorsHeaders(req, res);
    if (req.method === 'OPTIONS') return answerPreflight(req, res);
    if (req.method !== 'POST') {
      return writeJsonRpcError(res, 405, 'Method not allowed: this stateless server takes POST only.', { Allow: 'POST, OPTIONS' });
    }
    if (Number(req.headers['content-length'] ?? 0) > mcpMaxRequestBytes) {
      return writeJsonRpcError(res, 413, `Payload too large: the limit is ${mcpMaxRequestBytes} bytes.`);
    }
    void withMcpRequest(req, () => nodeHandler(req, res));
  };

  const serveCard = (req: IncomingMessage, res: ServerResponse): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return writeJsonRpcError(res, 405, 'Method not allowed.', { Allow: 'GET, HEAD' });
    }
    res.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': 'public, max-age=300',
    }).end(req.method === 'HEAD' ? undefined : cardBody);
  };

  return {
    listener(req, res) {
      const path = (req.url ?? '/').split('?')[0]?.replace(/\/+$/, '') ?? '';
      if (path === mcpPath) return serveMcp(req, res);
      if (path === serverCardPath) return serveCard(req, res);
      writeJsonRpcError(res, 404, `Not found: the MCP endpoint is ${mcpPath}.`);
    },
    close: () => handler.close(),
  };
}
