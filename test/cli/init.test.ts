// `agentsite init <folder>` starts a content folder that loads as it is, and never writes over one.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { loadContent } from '../../src/domain/content/loader.ts';

const run = promisify(execFile);
const bin = path.resolve(import.meta.dirname, '../../bin/agentsite.js');
const parent = await mkdtemp(path.join(os.tmpdir(), 'agentsite-init-'));
after(() => rm(parent, { recursive: true, force: true }));

describe('agentsite init', () => {
  it('writes a starter content folder that passes the content check, then refuses to write into it again', async () => {
    const folder = path.join(parent, 'new-agency');
    const { stdout } = await run(process.execPath, [bin, 'init', folder]);
    assert.match(stdout, /^Started a content folder in /);
    assert.match(stdout, /CONTENT_DIR=.+ npm start/);
    const content = await loadContent(folder);
    assert.equal(content.site.brandName, 'Your Agency');
    assert.equal(content.site.offer, undefined);
    const again = await run(process.execPath, [bin, 'init', folder]).then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    );
    assert.equal(again?.code, 1);
    assert.match(again!.stderr, /is not empty; init only writes into a new or empty folder/);
  });

  it('needs exactly one folder', async () => {
    const result = await run(process.execPath, [bin, 'init']).then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    );
    assert.equal(result?.code, 2);
    assert.match(result!.stderr, /init takes one folder/);
  });
});
