// The MCP read tools spend the same budget as the REST reads (300/min per client, or a verified
// operator's own; one limiter for both surfaces), so a client cannot read without limit by
// switching from REST to MCP. A signed call waits for its verification first. The HTTP
// answer carries the same RateLimit headers as /agent; a refused call is a tool error with
// retryAfter. While the counters are unavailable calls are served, as on REST.
import { AppError } from '../../kernel/errors.ts';
import { readBudget } from '../../domain/callers/budget.ts';
import { requestBudgetSpentMessage } from '../../domain/error-wording.ts';
import { rateLimitHeaders, type RateLimitState } from '../../domain/rate-limit/rate-limit.ts';
import type { McpTool } from './build-server.ts';
import type { McpDeps } from './deps.ts';

export function withReadBudget(tool: McpTool, deps: Pick<McpDeps, 'config' | 'rateLimiter'>): McpTool {
  return {
    ...tool,
    async run(args, exchange) {
      const caller = await exchange.caller();
      let state: RateLimitState;
      try {
        state = await deps.rateLimiter.take(
          ...readBudget(caller, exchange.context.client, deps.config.agentRateLimitPerMinute),
        );
      } catch {
        return tool.run(args, exchange);
      }
      const { 'Retry-After': retryAfter, ...headers } = rateLimitHeaders(state);
      const res = exchange.response;
      if (res && !res.headersSent) for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      if (!state.allowed) {
        if (res && !res.headersSent && retryAfter) res.setHeader('Retry-After', retryAfter);
        throw new AppError('rate_limited', requestBudgetSpentMessage, {
          retryAfter: state.retryAfter ?? 1,
        });
      }
      return tool.run(args, exchange);
    },
  };
}
