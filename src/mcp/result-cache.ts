// Tools that read only the content loaded at start-up (site index, pages, case-study search,
// contact, advice) give the same result for the same arguments for the life of the process, so each
// distinct call is computed once, as the REST case-study pages are serialised once (bench/).
// Cached results are frozen: no caller can change what the next one receives, and the direct
// tools/call path keeps the JSON of a frozen result too. Errors are not cached.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { BoundedMemo } from '../bounded-memo.ts';
import type { McpTool } from './build-server.ts';

/**
 * Emptied when full, so a caller cycling through arguments cannot grow it without bound. A search
 * result with its JSON (the direct path keeps that too) holds ~25 KB: at most ~3 MB per tool.
 */
const maxEntries = 128;

export function withResultCache(tool: McpTool): McpTool {
  const results = new BoundedMemo<string, CallToolResult>(maxEntries);
  return {
    ...tool,
    async run(args, exchange) {
      // Validated first: the key is built from the arguments as the tool reads them (known keys,
      // bounded strings), never from whatever was sent (20 KB nested 10 000 deep overflows the
      // stack of JSON.stringify). Another key order is computed again: one call, never a wrong answer.
      const key = JSON.stringify(tool.validate ? tool.validate(args) : (args ?? {}));
      const cached = results.get(key);
      if (cached) return cached;
      const result = deepFreeze(await tool.run(args, exchange));
      return result.isError ? result : results.set(key, result);
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
