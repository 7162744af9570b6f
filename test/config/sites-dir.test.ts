// SITES_DIR: a folder of sites, beside which the variables that describe one site are refused.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config/config.ts';

describe('SITES_DIR', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentsite-sites-'));

  it('names a folder; the ORIGIN_* bounds apply to every site in front mode', () => {
    const config = loadConfig({ SITES_DIR: dir, ORIGIN_TIMEOUT_MS: '2500' });
    assert.equal(config.sites?.dir, dir);
    assert.equal(config.sites?.originBounds.timeoutMs, 2500);
    assert.equal(loadConfig({}).sites, undefined);
  });

  it('must be a folder', () => {
    assert.throws(
      () => loadConfig({ SITES_DIR: path.join(dir, 'absent') }),
      /^ConfigError: SITES_DIR .* is not a folder$/,
    );
  });

  for (const name of ['CONTENT_DIR', 'ORIGIN_URL', 'BASE_URL', 'MCP_URL']) {
    it(`refuses ${name} beside it`, () => {
      const value = name === 'CONTENT_DIR' ? dir : 'http://localhost:8080';
      assert.throws(
        () => loadConfig({ SITES_DIR: dir, [name]: value }),
        (error: Error) =>
          error instanceof ConfigError && error.message.startsWith(`${name} cannot be set with SITES_DIR`),
      );
    });
  }
});
