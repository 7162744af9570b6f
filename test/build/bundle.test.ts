// `npm start` runs the esbuild bundle (dist/), not the sources the other tests load. This builds it
// as `npm start` does and checks the bundled process end to end: every listener answers, an
// enquiry is accepted, both MCP paths work, a Web Bot Auth signature verifies once, and SIGTERM
// stops it cleanly.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pkg from '../../package.json' with { type: 'json' };
import { buildServer } from '../../scripts/build.ts';
import { freePorts, tempSqliteUrl } from '../helpers/app.ts';
import { modernMessage, postModern } from '../helpers/modern-mcp.ts';
import { startSigningAgent, type SigningAgent } from '../domain/callers/signer.ts';

describe('the bundle npm start runs', () => {
  let child: ChildProcess;
  let baseUrl: string;
  let mcpUrl: string;
  let output = '';
  let agent: SigningAgent;
  let entryPath: string;

  before(async () => {
    agent = await startSigningAgent();
    const entry = await buildServer();
    entryPath = entry;
    const [port, mcpPort] = (await freePorts(2)) as [number, number];
    baseUrl = `http://127.0.0.1:${port}`;
    mcpUrl = `http://127.0.0.1:${mcpPort}/mcp`;
    child = spawn(process.execPath, [entry], {
      cwd: path.dirname(path.dirname(entry)),
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        MCP_PORT: String(mcpPort),
        DATABASE_URL: tempSqliteUrl(),
        LOG_LEVEL: 'warn',
        BASE_URL: baseUrl,
        AGENT_KEY_DIRECTORIES: agent.directory.origin,
      },
    });
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    while (!output.includes('agentsite ready')) {
      if (child.exitCode !== null) throw new Error(`the bundle exited with ${child.exitCode}: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  after(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await agent.close();
  });

  it('holds no character beyond Latin-1 in the chunks the entry loads, so V8 keeps them one byte a character', () => {
    const dist = path.dirname(entryPath);
    const seen = new Set<string>();
    const read = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(path.join(dist, file), 'utf8');
      const wide = /[\u0100-\u{10ffff}]/u.exec(source);
      assert.equal(
        wide,
        null,
        `${file} holds ${JSON.stringify(wide?.[0])} near ${JSON.stringify(source.slice(Math.max(0, (wide?.index ?? 0) - 60), (wide?.index ?? 0) + 20))}`,
      );
      for (const [, chunk] of source.matchAll(/(?:from|import\(?)\s*["'`]\.\/([\w.-]+\.mjs)["'`]/g)) read(chunk!);
    };
    read('main.mjs');
    assert.ok(seen.size > 2, `read ${[...seen].join(', ')}`);
  });

  it('answers health with the package name and version', async () => {
    const response = await fetch(`${baseUrl}/agent/health`);
    assert.equal(response.status, 200);
    const body = (await response.json()) as { service: string; version: string };
    assert.equal(body.service, pkg.name);
    assert.equal(body.version, pkg.version);
  });

  it('serves the demo content as HTML', async () => {
    const response = await fetch(`${baseUrl}/`);
    assert.equal(response.status, 200);
    assert.match(await response.text(), /<html/i);
  });

  it('accepts an enquiry', async () => {
    const response = await fetch(`${baseUrl}/agent/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fromName: 'Bundle Test',
        fromEmail: 'bundle@example.com',
        topic: 'general',
        message: 'Checking the bundled server.',
      }),
    });
    assert.equal(response.status, 202, await response.text());
  });

  it('answers MCP tools/list (through the SDK) and tools/call (direct)', async () => {
    const rpc = async (
      method: string,
      params: Record<string, unknown> = {},
    ): Promise<{ result?: Record<string, unknown> }> => {
      const response = await postModern(mcpUrl, modernMessage(method, params));
      assert.equal(response.status, 200);
      return (await response.json()) as { result?: Record<string, unknown> };
    };
    const listed = await rpc('tools/list');
    const tools = listed.result!.tools as { name: string }[];
    assert.equal(tools.length, 12);
    const search = tools.find((tool) => tool.name.endsWith('_search_case_studies'))!.name;
    const called = await rpc('tools/call', { name: search, arguments: { query: 'security', limit: 2 } });
    assert.equal((called.result!.structuredContent as { items: unknown[] }).items.length, 2);
  });

  it('verifies a Web Bot Auth signature in the draft -01 form once, and not its replay', async () => {
    const headers = await agent.signDictionary(`${baseUrl}/agent/health`);
    const policies: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const response = await fetch(`${baseUrl}/agent/health`, { headers });
      await response.arrayBuffer();
      policies.push(response.headers.get('ratelimit-policy') ?? '');
    }
    assert.match(policies[0]!, /"agent-minute"/);
    assert.match(policies[1]!, /"general-minute"/);
  });

  it('stops with exit code 0 on SIGTERM', async () => {
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    assert.equal(code, 0);
  });
});
