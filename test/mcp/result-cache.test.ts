// The result cache of the content tools: one computation per distinct call, frozen results that no
// caller can change, and no cached errors.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { McpTool, McpToolEntry } from '../../src/surfaces/mcp/build-server.ts';
import type { McpExchange } from '../../src/surfaces/mcp/exchange.ts';
import { withResultCache } from '../../src/surfaces/mcp/result-cache.ts';
import { ResponseCache } from '../../src/cache/response-cache.ts';

/** The content tools read nothing of the exchange they are called in. */
const exchange = {} as McpExchange;

/** A tool that answers with its argument and counts how often it really ran. */
function countingTool(answer: (args: { q?: string }) => CallToolResult): McpTool & { runs: number } {
  const tool = {
    entry: { name: 'service_test' } as McpToolEntry,
    inputSchema: {} as McpTool['inputSchema'],
    outputSchema: {} as McpTool['outputSchema'],
    runs: 0,
    async run(args: unknown) {
      tool.runs += 1;
      return answer((args ?? {}) as { q?: string });
    },
  };
  return tool;
}

const echo = (args: { q?: string }): CallToolResult => ({
  content: [{ type: 'text', text: `q=${args.q}` }],
  structuredContent: { q: args.q, items: [{ n: 1 }] },
});

describe('tool result cache', () => {
  it('computes each distinct call once and answers the same arguments with the same result', async () => {
    const inner = countingTool(echo);
    const tool = withResultCache(inner, new ResponseCache(1 << 20));
    const first = await tool.run({ q: 'a' }, exchange);
    assert.deepEqual(await tool.run({ q: 'a' }, exchange), first);
    assert.equal(inner.runs, 1);
    assert.deepEqual((await tool.run({ q: 'b' }, exchange)).structuredContent, { q: 'b', items: [{ n: 1 }] });
    assert.equal(inner.runs, 2);
  });

  it('freezes what it keeps, so one caller cannot change the next caller’s answer', async () => {
    const tool = withResultCache(countingTool(echo), new ResponseCache(1 << 20));
    const first = await tool.run({ q: 'a' }, exchange);
    const items = (first.structuredContent as { items: { n: number }[] }).items;
    assert.throws(() => (items[0]!.n = 2), TypeError);
    assert.throws(() => items.push({ n: 3 }), TypeError);
    assert.deepEqual((await tool.run({ q: 'a' }, exchange)).structuredContent, { q: 'a', items: [{ n: 1 }] });
  });

  it('does not keep tool errors or thrown errors', async () => {
    const failing = countingTool(() => ({ content: [{ type: 'text', text: 'no' }], isError: true }));
    const tool = withResultCache(failing, new ResponseCache(1 << 20));
    await tool.run({ q: 'a' }, exchange);
    await tool.run({ q: 'a' }, exchange);
    assert.equal(failing.runs, 2);
    let throws = true;
    const flaky = countingTool((args) => {
      if (throws) throw new Error('down');
      return echo(args);
    });
    const retried = withResultCache(flaky, new ResponseCache(1 << 20));
    await assert.rejects(retried.run({ q: 'a' }, exchange), /down/);
    throws = false;
    assert.deepEqual((await retried.run({ q: 'a' }, exchange)).structuredContent, { q: 'a', items: [{ n: 1 }] });
  });
});
