// Start-up with a configuration that cannot work: every failure stops the service with one line
// naming the variable to fix (and the file, for content), and a failed start leaves nothing behind.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startApp } from '../../src/app/app.ts';
import { ConfigError, demoContentDir, loadConfig } from '../../src/config/config.ts';
import { freePorts, tempSqliteUrl } from '../helpers/app.ts';
import { adminUrl } from '../helpers/postgres.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

async function startWith(env: Record<string, string>): Promise<ConfigError> {
  const [port, mcpPort] = (await freePorts(2)) as [number, number];
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    PORT: String(port),
    MCP_PORT: String(mcpPort),
    DATABASE_URL: tempSqliteUrl(),
    ...env,
  });
  try {
    const app = await startApp(config);
    await app.stop();
  } catch (error) {
    assert.ok(error instanceof ConfigError, `a ConfigError, not ${String(error)}`);
    assert.ok(!error.message.includes('\n'), 'one line');
    return error;
  }
  assert.fail('start-up should have failed');
}

describe('start-up with a configuration that cannot work', () => {
  it('names DATABASE_URL when PostgreSQL does not answer, without repeating the URL', async () => {
    const error = await startWith({ DATABASE_URL: 'postgres://postgres:s3cret@127.0.0.1:1/test' });
    assert.match(error.message, /^DATABASE_URL: the database could not be opened: .*ECONNREFUSED/);
    assert.doesNotMatch(error.message, /s3cret/);
  });

  it('names DATABASE_URL when the PostgreSQL database does not exist', async () => {
    const url = new URL(adminUrl);
    url.pathname = '/agentsite_no_such_database';
    const error = await startWith({ DATABASE_URL: url.href });
    assert.match(error.message, /^DATABASE_URL: .*does not exist/);
  });

  it('names CONTENT_DIR and the full path of a missing content file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentsite-content-'));
    fs.cpSync(demoContentDir, dir, { recursive: true });
    fs.rmSync(path.join(dir, 'site.yaml'));
    const error = await startWith({ CONTENT_DIR: dir });
    assert.equal(error.message, `CONTENT_DIR: ${path.join(dir, 'site.yaml')}: is missing`);
  });

  it('names HOST when it is not an address of this machine', async () => {
    const error = await startWith({ HOST: '192.0.2.123' });
    assert.match(error.message, /^HOST: "192\.0\.2\.123" is not an address of this machine/);
  });

  it('names HOST when the name does not resolve', async () => {
    const error = await startWith({ HOST: 'no-such-host.invalid' });
    assert.match(error.message, /^HOST: "no-such-host\.invalid" is not an address/);
  });

  it('names the port variable when the port is taken, and leaves nothing listening', async () => {
    const [port, mcpPort] = (await freePorts(2)) as [number, number];
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(mcpPort, '127.0.0.1', resolve));
    try {
      const config = loadConfig({
        LOG_LEVEL: 'silent',
        PORT: String(port),
        MCP_PORT: String(mcpPort),
        DATABASE_URL: tempSqliteUrl(),
      });
      await assert.rejects(
        startApp(config),
        (error: unknown) =>
          error instanceof ConfigError && /^MCP_PORT: port \d+ on 127\.0\.0\.1 is already in use$/.test(error.message),
      );
      // The site listener that had started is closed again.
      await assert.rejects(fetch(`http://127.0.0.1:${port}/agent/health`));
    } finally {
      blocker.close();
    }
  });

  it('prints one line naming the variable and exits 1, as npm start does', () => {
    const result = spawnSync(process.execPath, ['src/main.ts'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, TRUST_PROXY: '10.0.0.0/8x', DATABASE_URL: tempSqliteUrl(), PORT: '0', MCP_PORT: '0' },
    });
    assert.equal(result.status, 1);
    assert.equal(result.stderr.trim().split('\n').length, 1);
    assert.match(result.stderr, /^agentsite: configuration error: TRUST_PROXY entry "10\.0\.0\.0\/8x"/);
  });
});
