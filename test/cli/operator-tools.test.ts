// The CLI as an operator tool in a shell: it ends quietly when its reader goes away (`export | head
// -1`), and it refuses to invent a SQLite database that does not exist unless asked to (--create).
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { closeServices, type Services } from '../../src/app/services.ts';
import { addEnquiry, testServices } from '../delivery/fixture.ts';

const cli = fileURLToPath(new URL('../../bin/agentsite.js', import.meta.url));

describe('operator CLI in a shell', () => {
  let services: Services;
  let databaseUrl: string;
  before(async () => {
    services = await testServices();
    const database = services.config.database;
    databaseUrl = database.kind === 'sqlite' ? `sqlite:${database.path}` : database.url;
    // More than one export page (500), so lines are still being written when the reader has gone.
    for (let i = 0; i < 1_100; i += 1) await addEnquiry(services, []);
  });
  after(() => closeServices(services));

  it('ends quietly with exit code 0 when its reader stops reading (export | head -1)', async () => {
    const child = spawn(process.execPath, [cli, 'export'], {
      env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const [first] = (await once(child.stdout, 'data')) as [Buffer];
    assert.match(first.toString('utf8'), /^\{"reference":"enq_/);
    child.stdout.destroy();
    const [code] = (await once(child, 'exit')) as [number];
    assert.equal(stderr, '', 'no EPIPE, no stack');
    assert.equal(code, 0);
  });

  it('refuses a SQLite database that does not exist, naming its path, and creates one with --create', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'agentsite-cli-'));
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent' };
    delete env.DATABASE_URL;
    const run = async (...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> => {
      try {
        return { code: 0, ...(await promisify(execFile)(process.execPath, [cli, ...args], { cwd: folder, env })) };
      } catch (error) {
        return error as { code: number; stdout: string; stderr: string };
      }
    };
    const refused = await run('enquiries');
    assert.equal(refused.code, 1);
    assert.match(
      refused.stderr,
      new RegExp(
        `^agentsite: no database at ${path.join(folder, 'data', 'agentsite.db')} \\(DATABASE_URL is not set.*--create`,
      ),
    );
    assert.equal(refused.stdout, '');
    assert.equal(fs.existsSync(path.join(folder, 'data')), false, 'nothing was created');

    const typo = await promisify(execFile)(process.execPath, [cli, 'enquiries'], {
      cwd: folder,
      env: { ...env, DATABASE_URL: 'sqlite:./agentsit.db' },
    }).catch((error: unknown) => error as { code: number; stderr: string });
    assert.equal((typo as { code: number }).code, 1);
    assert.match((typo as { stderr: string }).stderr, /DATABASE_URL names a file that does not exist/);

    const created = await run('enquiries', '--create');
    assert.equal(created.code, 0);
    assert.match(created.stdout, /\(0 rows\)/);
    assert.ok(fs.existsSync(path.join(folder, 'data', 'agentsite.db')));
  });
});
