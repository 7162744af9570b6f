// `agentsite card-keys [rotate]` as operators run it, in its own process on the database a running
// site uses: it lists the key the site publishes, and a rotation keeps the old key for the overlap.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('agentsite card-keys', () => {
  let app: TestApp;
  before(async () => (app = await startTestApp()));
  after(async () => app.stop());

  const cli = async (...args: string[]): Promise<string[]> => {
    const env = { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: app.databaseUrl };
    const { stdout } = await promisify(execFile)(process.execPath, ['bin/agentsite.js', 'card-keys', ...args], {
      cwd: root,
      env,
    });
    return stdout.trim().split('\n');
  };
  const jwksKids = async (): Promise<string[]> => {
    const jwks = (await (await fetch(`${app.baseUrl}/.well-known/agent-card-jwks.json`)).json()) as {
      keys: { kid: string }[];
    };
    return jwks.keys.map((key) => key.kid);
  };

  it('lists the signing key the site publishes, rotates it, and keeps the old one published for 7 days', async () => {
    const [served] = await jwksKids();
    const listed = (await cli('--json')).map((line) => JSON.parse(line) as { kid: string; state: string });
    assert.deepEqual(
      listed.map((key) => [key.kid, key.state]),
      [[served, 'signing']],
    );

    const said = await cli('rotate');
    const fresh = /^signing with (\S+) from now on/.exec(said[0] ?? '')?.[1];
    assert.ok(fresh, said.join('\n'));
    assert.match(said[1] ?? '', new RegExp(`^${served} stays in the JWKS until \\S+ \\(7 days\\)$`));
    const after = (await cli('--json')).map(
      (line) => JSON.parse(line) as { kid: string; state: string; published_until: string },
    );
    assert.deepEqual(
      after.map((key) => [key.kid, key.state]),
      [
        [fresh, 'signing'],
        [served, 'retired, published'],
      ],
    );
    const until = Date.parse(after[1]!.published_until) - Date.now();
    assert.ok(until > 6.9 * 86_400_000 && until <= 7 * 86_400_000, 'published for seven days from now');
  });

  it('refuses an unknown action', async () => {
    await assert.rejects(
      cli('delete'),
      (error: { code?: number; stderr?: string }) => error.code === 2 && /card-keys takes/.test(error.stderr ?? ''),
    );
  });
});
