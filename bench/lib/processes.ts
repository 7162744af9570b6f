// Child processes of the bench: the real server (the dist/ bundle exactly as `npm start` runs it;
// bench/run.ts builds it first) and the bare server, each on free ports, with the time from spawn to
// the first 200 and RSS readings.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePorts } from '../../test/helpers/free-port.ts';

export const root = fileURLToPath(new URL('../..', import.meta.url));
/** Node 24 from the pinned devDependency, as the brief and `npm start` use it. */
export const nodeBinary = path.join(root, 'node_modules/.bin/node');

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  mcpUrl: string;
  /** Milliseconds from spawn to the first 200 from GET /agent/health. */
  startMs: number;
  /** Everything the process wrote to stderr (start-up failures are reported with it). */
  stderr(): string;
  stop(): Promise<void>;
}

/**
 * Starts the real server with the demo (or given) content and a fresh SQLite file. A variable given
 * as undefined is left out (SITES_DIR refuses BASE_URL and MCP_URL beside it). `entry`: another
 * build's main.mjs (a folder beside dist/, so it finds ../content), to weigh two builds side by side.
 * `launcher`: a command the server runs under (valgrind and its options), with `startLimitMs` to suit.
 */
export async function startServer(
  env: Record<string, string | undefined> = {},
  entry = 'dist/main.mjs',
  { launcher = [] as string[], startLimitMs = 30_000 } = {},
): Promise<ServerProcess> {
  const [port, mcpPort] = (await freePorts(2)) as [number, number];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentsite-bench-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const mcpUrl = `http://127.0.0.1:${mcpPort}/mcp`;
  const started = performance.now();
  const [command, ...launcherArgs] = [...launcher, nodeBinary];
  const child = spawn(command!, [...launcherArgs, ...containerNodeFlags(), ...serverNodeArgs(), entry], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      MCP_PORT: String(mcpPort),
      BASE_URL: baseUrl,
      MCP_URL: mcpUrl,
      DATABASE_URL: `sqlite:${path.join(dir, 'bench.db')}`,
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      // The container's NODE_OPTIONS (what ships), then e.g. BENCH_SERVER_NODE_OPTIONS="--cpu-prof
      // --cpu-prof-dir=/tmp/prof" to profile the server.
      NODE_OPTIONS: [containerNodeOptions(), process.env.BENCH_SERVER_NODE_OPTIONS ?? ''].join(' ').trim(),
      ...containerMallocSettings(),
      ...env,
    },
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const startMs = await firstOk(`${baseUrl}/agent/health`, child, started, () => stderr, startLimitMs);
  return {
    child,
    baseUrl,
    mcpUrl,
    startMs,
    stderr: () => stderr,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** BENCH_SERVER_NODE_ARGS: node flags for the benched server that NODE_OPTIONS refuses, on its command line. */
function serverNodeArgs(): string[] {
  return (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
}

/** The Dockerfile, whose V8 and allocator settings the benched servers run with, as the image does. */
function dockerfileText(): string {
  return fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
}

/**
 * The node flags of the Dockerfile's `CMD ["node", …, "dist/main.mjs"]`: V8 heap settings that NODE_OPTIONS
 * refuses, so they are given on the command line, and the bench gives them too.
 */
function containerNodeFlags(): string[] {
  const dockerfile = dockerfileText();
  const command = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
  return command ? (JSON.parse(command) as string[]).filter((arg) => arg.startsWith('--')) : [];
}

/** The Dockerfile's `ENV NODE_OPTIONS=…` when it sets one (it sets none now: its V8 settings are on `CMD`). */
export function containerNodeOptions(): string {
  const dockerfile = dockerfileText();
  return /^ENV NODE_OPTIONS=(.+)$/m.exec(dockerfile)?.[1]?.trim() ?? '';
}

/** The Dockerfile's glibc allocator setting (`ENV MALLOC_ARENA_MAX=…`) when it sets one (it sets none now). */
function containerMallocSettings(): Record<string, string> {
  const dockerfile = dockerfileText();
  const arenas = /^ENV MALLOC_ARENA_MAX=(\S+)/m.exec(dockerfile)?.[1];
  return arenas ? { MALLOC_ARENA_MAX: arenas } : {};
}

/** Polls a URL every few milliseconds until it answers 200; returns ms since `started`. */
async function firstOk(
  url: string,
  child: ChildProcess,
  started: number,
  stderr: () => string,
  limitMs: number,
): Promise<number> {
  const deadline = started + limitMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering: ${stderr()}`);
    try {
      const response = await fetch(url, { headers: { 'x-forwarded-for': '192.0.2.1' } });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  child.kill('SIGKILL');
  throw new Error(`server gave no 200 on ${url} within ${limitMs / 1000} s: ${stderr()}`);
}

export interface BareServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The bare server; `env.BARE_RESPONSE` makes it answer a saved response (see bare-server.ts). */
export function startBareServer(env: Record<string, string> = {}): Promise<BareServer> {
  return startPeer('bench/bare-server.ts', env);
}

/** The textbook Fastify app answering the same health JSON (see fastify-peer.ts). */
export function startFastifyPeer(): Promise<BareServer> {
  return startPeer('bench/fastify-peer.ts');
}

/** The textbook multi-site Fastify app: `count` hosts of pages `pageBytes` long (see fastify-sites-peer.ts). */
export function startFastifySitesPeer(count: number, pageBytes: number): Promise<BareServer> {
  return startPeer('bench/fastify-sites-peer.ts', {
    SITES_PEER_COUNT: String(count),
    SITES_PEER_PAGE_BYTES: String(pageBytes),
  });
}

/**
 * The bare MCP SDK 2.x server with one tool; `env.BARE_MCP_RESULT` gives its answer (see bare-mcp-server.ts).
 * It runs with the container's V8 settings, as the product does, so the two collect garbage alike.
 */
export function startBareMcpServer(env: Record<string, string> = {}): Promise<BareServer> {
  return startPeer('bench/bare-mcp-server.ts', { NODE_OPTIONS: containerNodeOptions(), ...env }, containerNodeFlags());
}

/** A peer server script that prints "… listening <port>" once it listens. */
async function startPeer(script: string, env: Record<string, string> = {}, flags: string[] = []): Promise<BareServer> {
  const child = spawn(nodeBinary, [...flags, path.join(root, script)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    child.stdout
      ?.setEncoding('utf8')
      .once('data', (line: string) => resolve(Number(/listening (\d+)/.exec(line)?.[1])));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resident memory of a process in MB, from /proc/<pid>/status (VmRSS). */
export function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  return kb / 1024;
}

/** User plus system CPU time of a process so far, in seconds, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = fs
    .readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond;
}

/** USER_HZ: Linux reports process times in clock ticks of 1/100 s on every architecture Node runs on. */
const clockTicksPerSecond = 100;
