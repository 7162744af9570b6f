// Agent insight for MCP: every tool call, on both paths (the SDK's server and the direct tools/call
// path) and whether or not its result came from the result cache, passes through the tools' `run`,
// so wrapping it here counts each call once. A call of a capability that declares its query
// (`askReading`) is also an ask, recorded as "mcp-" and its source (normalised and screened for
// contact details by the recorder).
import type { CallToolResult } from '@modelcontextprotocol/server';
import { askOfCall } from '../../capabilities/ask-of-call.ts';
import type { Capability } from '../../capabilities/capability.ts';
import { AppError, errorStatus } from '../../kernel/errors.ts';
import type { Insight } from '../../domain/insight/recorder.ts';
import type { McpDefinitions } from './build-server.ts';
import type { McpExchange } from './exchange.ts';

export function recordToolCalls(
  defs: McpDefinitions,
  capabilities: readonly Capability[],
  insight: Insight,
): McpDefinitions {
  if (!insight.enabled) return defs;
  const byKey = new Map(capabilities.map((capability) => [capability.key, capability]));
  const tools = defs.tools.map((tool) => {
    const capability = byKey.get(tool.entry.key);
    return {
      ...tool,
      async run(args: unknown, exchange: McpExchange): Promise<CallToolResult> {
        // A signed call is verified (once per exchange, shared with the read budget) before it is counted.
        const caller = await exchange.caller();
        let status = 500;
        try {
          const result = await tool.run(args, exchange);
          status = result.isError ? 400 : 200;
          const ask = capability && !result.isError ? askOfCall(capability, args, result.structuredContent) : undefined;
          if (ask) insight.recordAsk({ ...ask, source: `mcp-${ask.source}`, caller });
          return result;
        } catch (error) {
          // A domain error carries its status (invalid arguments 400, rate limited 429, …); anything else is ours.
          if (error instanceof AppError) status = errorStatus[error.code];
          throw error;
        } finally {
          insight.recordVisit({ surface: 'mcp', item: tool.entry.name, caller, status });
        }
      },
    };
  });
  return { ...defs, tools };
}
