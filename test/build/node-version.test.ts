// Every entry point names the Node version it needs when started on an older one, before loading
// anything that Node lacks: the bundle npm start runs (under the machine's own Node 20, when it has
// one), and the TypeScript entry points under a Node that reports an unsupported version.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildServer } from '../../scripts/build.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const systemNode = '/usr/bin/node';
const pretend = fileURLToPath(new URL('./pretend-older-node.mjs', import.meta.url));

async function run(node: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'agentsite-node-'));
  try {
    const { stdout, stderr } = await promisify(execFile)(node, args, {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: `sqlite:${folder}/never.db`, PORT: '0', MCP_PORT: '0' },
      timeout: 15_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    return error as { code: number; stdout: string; stderr: string };
  }
}

const systemMajor = fs.existsSync(systemNode)
  ? Number((await promisify(execFile)(systemNode, ['-p', 'process.versions.node'])).stdout.split('.')[0])
  : undefined;

describe('an older Node', () => {
  it("is told the version npm start's bundle needs", {
    skip: (systemMajor === undefined || systemMajor >= 24) && 'no older system Node',
  }, async () => {
    const entry = await buildServer(fs.mkdtempSync(path.join(os.tmpdir(), 'agentsite-dist-')));
    const { code, stdout, stderr } = await run(systemNode, [entry]);
    assert.equal(code, 1);
    assert.equal(stdout, '');
    assert.match(stderr, new RegExp(`^agentsite needs Node\\.js 24 or newer; this is Node\\.js ${systemMajor}\\.`));
    assert.equal(stderr.split('\n').filter(Boolean).length, 1, 'one line, no stack');
  });

  for (const entry of ['src/main.ts', 'src/worker.ts', 'src/ops/cli/main.ts', 'src/content-check.ts']) {
    it(`is told the version ${entry} needs, before anything needing it is loaded`, async () => {
      const { code, stdout, stderr } = await run(process.execPath, [
        '--import',
        pretend,
        entry,
        ...(entry.includes('cli') ? ['enquiries'] : []),
      ]);
      assert.equal(code, 1);
      assert.equal(stdout, '');
      assert.equal(
        stderr,
        `agentsite needs Node.js 24 or newer; this is Node.js 22.5.0 (${process.execPath}). ` +
          "Install Node.js 24, or use the project's own: npm ci, then npm start, npm run worker or npx agentsite.\n",
      );
    });
  }
});
