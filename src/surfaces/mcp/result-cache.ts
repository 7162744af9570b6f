// Tools that read only the content loaded at start-up (site index, pages, case-study search,
// contact, advice) give the same result for the same arguments for the life of the process, so each
// distinct call's tool result is kept in the service's response cache (`mcp` entries), as the REST
// case-study pages are (bench/). The capability's own result underneath is kept once for every
// binding (kept-results.ts). Cached results are frozen: the direct tools/call path keeps their JSON
// beside them for as long as they are kept. Errors are not cached.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { deepFreeze } from '../../capabilities/kept-results.ts';
import { jsonBytes, type ResponseCache } from '../../cache/response-cache.ts';
import type { McpTool } from './build-server.ts';

export function withResultCache(tool: McpTool, cache: ResponseCache): McpTool {
  const name = tool.entry.name;
  return {
    ...tool,
    async run(args, exchange) {
      // Validated first: the key is built from the arguments as the tool reads them (known keys,
      // bounded strings), never from whatever was sent (20 KB nested 10 000 deep overflows the
      // stack of JSON.stringify). Another key order is computed again: one call, never a wrong answer.
      const key = `${name} ${JSON.stringify(tool.validate ? tool.validate(args) : (args ?? {}))}`;
      const cached = cache.get<CallToolResult>('mcp', key);
      if (cached) return cached;
      const result = deepFreeze(await tool.run(args, exchange));
      // Sized twice over: the direct tools/call path keeps the result's JSON beside it.
      return result.isError ? result : cache.set('mcp', key, result, 2 * jsonBytes(result));
    },
  };
}
