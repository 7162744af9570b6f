// Counts MCP tool calls in the metrics: the binding reports to metrics, which knows no binding.
import type { Metrics } from '../../ops/metrics/metrics.ts';
import type { McpDefinitions } from './build-server.ts';

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
