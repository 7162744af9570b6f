// The MCP read tools spend the same per-client budget as the REST reads (300/min, one limiter for
// both surfaces), so a client cannot read without limit by switching from REST to MCP. The HTTP
// answer carries the same RateLimit headers as /agent; a refused call is a tool error with
// retryAfter. While the counters are unavailable calls are served, as on REST.
import { AppError } from '../domain/errors.ts';
import { generalPolicy, rateLimitHeaders, type RateLimitState } from '../domain/rate-limit.ts';
import { clientKey } from '../http/client-address.ts';
import type { McpTool } from './build-server.ts';
import type { McpDeps } from './deps.ts';
import { currentMcpRequest, currentMcpResponse } from './request-context.ts';

export function withReadBudget(tool: McpTool, deps: Pick<McpDeps, 'config' | 'rateLimiter'>): McpTool {
  return {
    ...tool,
    async run(args) {
      const req = currentMcpRequest();
      let state: RateLimitState;
      try {
        state = await deps.rateLimiter.take(generalPolicy, clientKey(req.socket.remoteAddress, req.headers['x-forwarded-for'], deps.config.trustProxy));
      } catch {
        return tool.run(args);
      }
      const { 'Retry-After': retryAfter, ...headers } = rateLimitHeaders(state);
      const res = currentMcpResponse();
      if (res && !res.headersSent) for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      if (!state.allowed) {
        if (res && !res.headersSent && retryAfter) res.setHeader('Retry-After', retryAfter);
        throw new AppError('rate_limited', 'Too many requests from this client.', { retryAfter: state.retryAfter ?? 1 });
      }
      return tool.run(args);
    },
  };
}
