// A bare MCP SDK 2.x server (bench/bare-mcp-server.ts) whose one tool answers with the product's own
// result for one call (saved from one request): measured beside the product's call, what is left
// between the two is how each serves the call, not the size of its answer.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Scenario } from './load.ts';
import { startBareMcpServer, type BareServer } from './processes.ts';

/**
 * Sends `call` (a tools/call scenario) once, saves its result and starts a bare SDK server answering it;
 * `env` adds to its environment (`BARE_MCP_FLOOR: '1'` for the SDK's floor, see bare-mcp-server.ts).
 */
export async function startBareSdkReplica(call: Scenario, env: Record<string, string> = {}): Promise<BareServer> {
  const response = await fetch(call.url, {
    method: 'POST',
    headers: { 'x-forwarded-for': '192.0.2.4', ...call.headers },
    body: call.body,
  });
  const answer = (await response.json()) as { result?: unknown };
  if (!response.ok || answer.result === undefined) throw new Error(`tools/call answered ${response.status}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentsite-mcp-replica-'));
  const file = path.join(dir, 'result.json');
  fs.writeFileSync(file, JSON.stringify(answer.result));
  const server = await startBareMcpServer({ ...env, BARE_MCP_RESULT: file });
  return {
    ...server,
    async stop() {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
