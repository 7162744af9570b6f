// Wrappers that count domain events without touching the domain code: each takes a service and
// returns one with the same interface that also records its metric.
import type { EnquiryService } from '../domain/enquiries/submit.ts';
import type { McpDefinitions } from '../mcp/build-server.ts';
import type { Metrics } from './metrics.ts';

/** Counts enquiries committed (not replays, not refusals) by channel and kind. */
export function countEnquiries(service: EnquiryService, metrics: Metrics): EnquiryService {
  return {
    async submit(request) {
      const result = await service.submit(request);
      if (!result.replayed) metrics.enquiriesAccepted.inc({ channel: request.channel, kind: request.kind });
      return result;
    },
  };
}

/** Counts MCP tool calls by tool and outcome (`ok`, or `error` for a tool error or a thrown one). */
export function countToolCalls(defs: McpDefinitions, metrics: Metrics): McpDefinitions {
  const tools = defs.tools.map((tool) => ({
    ...tool,
    async run(...args: Parameters<typeof tool.run>) {
      let outcome = 'error';
      try {
        const result = await tool.run(...args);
        if (!result.isError) outcome = 'ok';
        return result;
      } finally {
        metrics.mcpToolCalls.inc({ tool: tool.entry.name, outcome });
      }
    },
  }));
  return { ...defs, tools };
}
