// The agentsite instance an audit runs against: `src/main.ts` as operators run it, on free loopback
// ports, with BASE_URL set to where the browser reaches it, a throw-away SQLite database and the
// content CONTENT_DIR names (the shipped demo content without it).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePorts } from '../../test/helpers/free-port.ts';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const readyLine = 'agentsite ready';

export interface AuditedServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** `env` adds settings to the instance's environment (e.g. AUDIT_ALLOW_HOSTS for a test's local site). */
export async function startAuditedServer(timeoutMs = 30_000, env: Record<string, string> = {}): Promise<AuditedServer> {
  const [port, mcpPort] = (await freePorts(2)) as [number, number];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentsite-audit-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      MCP_PORT: String(mcpPort),
      BASE_URL: baseUrl,
      MCP_URL: `http://127.0.0.1:${mcpPort}/mcp`,
      DATABASE_URL: `sqlite:${path.join(dir, 'audit.db')}`,
      // The operator's content, when named, so the pages audited are the ones they will serve.
      ...(process.env.CONTENT_DIR ? { CONTENT_DIR: path.resolve(process.env.CONTENT_DIR) } : {}),
      ...env,
    },
  });
  let output = '';
  const collect = (chunk: string): void => {
    output = (output + chunk).slice(-4000);
  };
  child.stdout.setEncoding('utf8').on('data', collect);
  child.stderr.setEncoding('utf8').on('data', collect);
  const exited = once(child, 'exit');
  await new Promise<void>((resolve, reject) => {
    const early = (code: number | null): void =>
      fail(new Error(`agentsite exited with ${code} before it was ready:\n${output}`));
    const fail = (error: Error): void => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const timer = setTimeout(
      () => fail(new Error(`agentsite not ready within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const ready = (): void => {
      if (!output.includes(readyLine)) return;
      clearTimeout(timer);
      child.off('exit', early);
      child.stdout.off('data', ready);
      resolve();
    };
    child.stdout.on('data', ready);
    child.once('exit', early);
  });
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
