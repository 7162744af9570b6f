// `agentsite cache purge [<path>]` in its own process, and an instance's purge feed reading what it
// wrote from the same database: written purges are applied once, old ones not, bad paths refused.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../../src/config/config.ts';
import { cachePurgesAfter, latestCachePurge } from '../../../src/store/cache-purges.ts';
import { openStore, type Store } from '../../../src/store/store.ts';
import { followPurges, type PurgeFeed } from '../../../src/surfaces/front/cache/purge-feed.ts';
import { freshDatabaseUrl } from '../../helpers/app.ts';
import { runAgentsite } from '../../helpers/agentsite-cli.ts';

const quiet = { info() {}, warn() {} };

describe('agentsite cache purge', () => {
  let databaseUrl: string;
  let store: Store;
  before(async () => {
    databaseUrl = await freshDatabaseUrl();
    store = await openStore(loadConfig({ DATABASE_URL: databaseUrl }).database);
  });
  after(() => store.close());

  const cli = (...args: string[]) =>
    runAgentsite(['cache', ...args], { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl });

  it('reaches a running instance: a purge written after it started is applied once, in order, one written before is not', async () => {
    assert.equal((await cli('purge', '/old')).code, 0);
    const purged: (string | undefined)[] = [];
    const log = { latest: () => latestCachePurge(store.db), after: (id: number) => cachePurgesAfter(store.db, id) };
    let feed: PurgeFeed | undefined;
    try {
      feed = followPurges(log, (path) => purged.push(path), quiet, 60_000);
      await feed.poll();
      const byPath = await cli('purge', '/pricing');
      assert.equal(byPath.code, 0, byPath.stderr);
      assert.match(
        byPath.stdout,
        /the cached origin answers of \/pricing will be dropped on every instance within about 2 s/,
      );
      const all = await cli('purge');
      assert.match(all.stdout, /every cached origin answer will be dropped/);
      await feed.poll();
      await feed.poll();
      assert.deepEqual(purged, ['/pricing', undefined]);
    } finally {
      feed?.stop();
    }
  });

  it('refuses a path that is not one, and anything but purge, with exit code 2', async () => {
    for (const args of [['purge', 'pricing'], ['purge', '/a?b=1'], ['purge', '/a', '/b'], ['clear'], []]) {
      const run = await cli(...args);
      assert.equal(run.code, 2, args.join(' '));
      assert.match(run.stderr, /cache (takes|purge takes)/, args.join(' '));
    }
  });

  it('keeps serving while the purge log cannot be read, and applies what it missed once it can', async () => {
    let broken = true;
    const purged: (string | undefined)[] = [];
    const warned: string[] = [];
    const log = {
      latest: async () => (broken ? Promise.reject(new Error('database down')) : 5),
      after: async (id: number) => (broken ? Promise.reject(new Error('database down')) : [{ id: id + 1, path: '/x' }]),
    };
    const feed = followPurges(
      log,
      (path) => purged.push(path),
      { info() {}, warn: (_fields: unknown, line?: string) => void warned.push(String(line)) },
      60_000,
    );
    try {
      await feed.poll();
      await feed.poll();
      assert.equal(warned.length, 1, 'one line while it stays down');
      broken = false;
      await feed.poll();
      assert.deepEqual(purged, ['/x']);
    } finally {
      feed.stop();
    }
  });
});
