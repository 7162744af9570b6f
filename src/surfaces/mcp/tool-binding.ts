// Binds a capability as an MCP tool: its hints become the tool annotations, its schemas the tool's
// (converted once), and a call is the capability's call through the one pipeline, with the context
// of the exchange it came in (exchange.ts). The read budget's RateLimit headers go on the HTTP answer.
import type { Capability } from '../../capabilities/capability.ts';
import type { CallPipeline } from '../../capabilities/pipeline.ts';
import { toolAnnotations } from '../../capabilities/documents/tool-annotations.ts';
import { rateLimitHeaders, type RateLimitState } from '../../domain/rate-limit/rate-limit.ts';
import type { McpTool } from './build-server.ts';
import type { McpExchange } from './exchange.ts';
import { cachedSchema } from './json-schema-cache.ts';

export function mcpTool(capability: Capability, pipeline: CallPipeline): McpTool {
  const { key, name, title, description, hints, input, output } = capability;
  return {
    entry: { key, name, title, description, annotations: toolAnnotations(hints) },
    // The pipeline validates input and output itself, in the shared wording; the SDK's checks would repeat it.
    inputSchema: cachedSchema(input, { validate: false }),
    outputSchema: cachedSchema(output, { validate: false }),
    run: async (args, exchange) => {
      const { structured, text } = await pipeline.run({
        capability,
        sent: args,
        surface: 'mcp',
        context: exchange.context,
        caller: exchange.caller(),
        onBudget: (state) => sendRateLimitHeaders(exchange, state),
      });
      // structuredContent, and the markdown as the content for clients that only read text.
      return { content: [{ type: 'text', text }], structuredContent: structured };
    },
  };
}

/** The same RateLimit headers as /agent sends; Retry-After only with a refusal. */
function sendRateLimitHeaders({ response }: McpExchange, state: RateLimitState): void {
  if (!response || response.headersSent) return;
  const { 'Retry-After': retryAfter, ...headers } = rateLimitHeaders(state);
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  if (!state.allowed && retryAfter) response.setHeader('Retry-After', retryAfter);
}
