// Agent insight for MCP: every tool call, on both paths (the SDK's server and the direct tools/call
// path) and whether or not its result came from the result cache, passes through the tools' `run`,
// so wrapping it here counts each call once. Search-like tools also record their query text and
// result count (normalised and screened for contact details by the recorder).
import type { CallToolResult } from '@modelcontextprotocol/server';
import { AppError, errorStatus } from '../errors.ts';
import type { AskSource } from '../domain/insight/dimensions.ts';
import type { Insight } from '../domain/insight/recorder.ts';
import type { McpDefinitions } from './build-server.ts';
import type { McpExchange } from './exchange.ts';

type Structured = Record<string, unknown> | undefined;

interface AskReading {
  source: AskSource;
  /** The argument holding the query text. */
  argument: string;
  results(structured: Structured): number;
  /** Whether the tool found the query outside the fit, when it says; else the recorder's fit check decides. */
  outOfFit?(structured: Structured): boolean | undefined;
}

const length = (value: unknown): number => (Array.isArray(value) ? value.length : 0);

/** The tools whose calls are searches or asks, and how their result count is read. */
const askTools: Partial<Record<string, AskReading>> = {
  searchCaseStudies: { source: 'mcp-search', argument: 'query', results: (s) => Number(s?.total ?? 0) },
  getSiteIndex: { source: 'mcp-site-index', argument: 'query', results: (s) => length(s?.matches) },
  matchServices: { source: 'mcp-match', argument: 'challenge', results: (s) => length(s?.matches) },
  getValueProposition: {
    source: 'mcp-value',
    argument: 'query',
    results: (s) => (s?.services !== undefined ? length(s.services) : length(s?.proofPoints ?? s?.reasons)),
  },
  ask: {
    source: 'mcp-ask',
    argument: 'query',
    results: (s) => Number(s?.total ?? 0),
    outOfFit: (s) => (s?.fit as { inFit?: boolean } | undefined)?.inFit === false,
  },
};

export function recordToolCalls(defs: McpDefinitions, insight: Insight): McpDefinitions {
  if (!insight.enabled) return defs;
  const tools = defs.tools.map((tool) => {
    const reading = askTools[tool.entry.key];
    return {
      ...tool,
      async run(args: unknown, exchange: McpExchange): Promise<CallToolResult> {
        // A signed call is verified (once per exchange, shared with the read budget) before it is counted.
        const caller = await exchange.caller();
        let status = 500;
        try {
          const result = await tool.run(args, exchange);
          status = result.isError ? 400 : 200;
          const query = reading && (args as Record<string, unknown> | undefined)?.[reading.argument];
          if (reading && !result.isError && typeof query === 'string' && query.trim() !== '') {
            const structured = result.structuredContent as Structured;
            insight.recordAsk({
              source: reading.source,
              query,
              results: reading.results(structured),
              caller,
              ...(typeof structured?.fit === 'string' && { outOfFit: structured.fit === 'outside_fit' }),
              ...(reading.outOfFit && { outOfFit: reading.outOfFit(structured) }),
            });
          }
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
