// Two front-mode server processes on one PostgreSQL database, each with its own HTTP cache of the
// same origin: one `agentsite cache purge <path>` empties that path on both, and leaves other paths.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { runAgentsite } from '../helpers/agentsite-cli.ts';
import { startInstance, type Instance } from '../helpers/instances.ts';
import { closeServer, listenOnLoopback } from '../helpers/loopback-server.ts';
import { freshPostgresUrl } from '../helpers/postgres.ts';

let version = 1;
const origin = createServer((request, response) => {
  response
    .writeHead(200, { 'content-type': 'text/html', 'cache-control': 'public, max-age=600' })
    .end(`${request.url} version ${version}`);
});
let originUrl = '';
before(async () => {
  originUrl = await listenOnLoopback(origin);
});
after(() => closeServer(origin));

const read = async (instance: Instance, path: string): Promise<string> =>
  (await fetch(`${instance.baseUrl}${path}`)).text();

describe('cache purge on several instances', () => {
  it('one purge of a path reaches both instances on one PostgreSQL database, other paths stay kept', async () => {
    const env = { DATABASE_URL: await freshPostgresUrl(), ORIGIN_URL: originUrl };
    const instances: Instance[] = [];
    try {
      instances.push(await startInstance(env), await startInstance(env));
      for (const instance of instances) {
        assert.equal(await read(instance, '/pricing'), '/pricing version 1');
        assert.equal(await read(instance, '/team'), '/team version 1');
      }
      version = 2;
      for (const instance of instances) assert.equal(await read(instance, '/pricing'), '/pricing version 1', 'kept');
      const purge = await runAgentsite(['cache', 'purge', '/pricing'], {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'silent',
        DATABASE_URL: env.DATABASE_URL,
      });
      assert.equal(purge.code, 0, purge.stderr);
      // Each instance reads purges every 2 s: a bounded wait for both to have applied it.
      for (const instance of instances) {
        let text = await read(instance, '/pricing');
        for (let i = 0; i < 60 && text.endsWith('version 1'); i++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          text = await read(instance, '/pricing');
        }
        assert.equal(text, '/pricing version 2');
        assert.equal(await read(instance, '/team'), '/team version 1', 'another path stays kept');
      }
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
    }
  });
});
