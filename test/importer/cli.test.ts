// `npx agentsite import` through the operator CLI: the exit codes, the usage, and no progress line
// when stdout is not a terminal (a pipe, a CI log).
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import pkg from '../../package.json' with { type: 'json' };
import { answer, startSite } from './static-site.ts';

const run = promisify(execFile);
const bin = path.resolve(import.meta.dirname, '../../bin/agentsite.js');
const parent = await mkdtemp(path.join(os.tmpdir(), 'agentsite-import-cli-'));
after(() => rm(parent, { recursive: true, force: true }));

type Ran = { code: number; stdout: string; stderr: string };
const agentsite = (args: string[]): Promise<Ran> =>
  run(process.execPath, [bin, ...args]).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

describe('agentsite import on the command line', () => {
  it('imports a site, printing its summary without a progress line into a pipe', async () => {
    const site = await startSite('modern-business');
    site.routes.set('/robots.txt', answer('User-agent: agentsite-import\nDisallow: /faq.html\n', 'text/plain'));
    try {
      const result = await agentsite(['import', site.url, '--out', path.join(parent, 'mb')]);
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, /^Imported 8 pages of /);
      assert.match(result.stdout, /faq\.html: disallowed by robots\.txt/);
      assert.doesNotMatch(result.stdout, /\r/);
      // The origin's logs name the product, its version and the site the import runs for.
      assert.deepEqual(
        [...site.agents],
        [`agentsite-import/${pkg.version} (+${new URL(site.url).origin}; content import for this site)`],
      );
    } finally {
      await site.close();
    }
  });

  // Each run starts the whole CLI (seconds on a busy machine): the other usage mistakes are in bad-input.test.ts.
  it('exits 2 on a bad URL', async () => {
    const bad = await agentsite(['import', 'ftp://example.com/', '--out', path.join(parent, 'x')]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /"ftp:\/\/example\.com\/" is not an http or https URL/);
  });
});
