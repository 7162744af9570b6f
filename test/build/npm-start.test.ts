// `npm start` exactly as operators and outside tests run it: the service answers, and a SIGTERM sent
// to npm reaches the server (the script execs it), which drains and exits instead of living on as an
// orphan of the shell npm started.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { freePorts, tempSqliteUrl } from '../helpers/app.ts';

async function refused(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1_000) });
    return false;
  } catch {
    return true;
  }
}

describe('npm start', () => {
  const cleanups: (() => void)[] = [];
  after(() => {
    for (const cleanup of cleanups) cleanup();
  });

  it('serves the site, and stops the server when npm gets SIGTERM', async () => {
    const [port, mcpPort] = (await freePorts(2)) as [number, number];
    // Output goes to a file, not a pipe: a server left running must not hold this test open.
    const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'npm-start-')), 'output.log');
    const out = fs.openSync(log, 'w');
    const npm = spawn('npm', ['start'], {
      env: {
        ...process.env,
        PORT: String(port),
        MCP_PORT: String(mcpPort),
        DATABASE_URL: tempSqliteUrl(),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', out, out],
    });
    fs.closeSync(out);
    cleanups.push(() => npm.kill('SIGKILL'));
    const output = (): string => fs.readFileSync(log, 'utf8');
    while (!output().includes('agentsite ready')) {
      if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}: ${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const health = `http://127.0.0.1:${port}/agent/health`;
    assert.equal((await fetch(health)).status, 200);

    npm.kill('SIGTERM');
    await once(npm, 'exit');
    const deadline = Date.now() + 10_000;
    while (!(await refused(health)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.ok(await refused(health), 'the server still answers after npm was stopped');
  });
});
