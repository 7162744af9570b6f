// Real server processes for multi-instance tests: `node src/main.ts` as operators run it, each on
// its own free ports, all sharing whatever DATABASE_URL the test passes.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { freePorts } from './app.ts';

export interface Instance {
  baseUrl: string;
  mcpUrl: string;
  process: ChildProcess;
  /** SIGTERM (drains requests and deliveries), then waits for the exit. */
  stop(): Promise<void>;
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const readyLine = 'agentsite ready';

/**
 * Starts one server process and resolves once it printed its ready line. A port found free can be
 * taken by another test's server before this process binds it, so that refusal is retried on new
 * ports; any other early exit fails at once.
 */
export async function startInstance(env: Record<string, string>, timeoutMs = 20_000): Promise<Instance> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await launchInstance(env, timeoutMs);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('is already in use')) throw error;
    }
  }
}

async function launchInstance(env: Record<string, string>, timeoutMs: number): Promise<Instance> {
  const [port, mcpPort] = (await freePorts(2)) as [number, number];
  const child = spawn(process.execPath, ['src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'silent',
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      MCP_PORT: String(mcpPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`instance not ready in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const fail = (error: Error): void => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    child.stdout.on('data', () => {
      if (output.includes(readyLine)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => fail(new Error(`instance exited with ${code} before it was ready:\n${output}`)));
  });
  const exited = once(child, 'exit');
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    mcpUrl: `http://127.0.0.1:${mcpPort}/mcp`,
    process: child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
