// Two instances on one PostgreSQL database and one SITES_DIR sign each site's agent card with that
// site's one key: asked at once on both for the first time, each site's JWKS is the same on either
// instance, the two sites' JWKS share no key, and each card verifies only with its own site's JWKS.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApp, type RunningApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { verifyCard, type Card } from '../discovery/card-verify.ts';
import { freePorts } from '../helpers/app.ts';
import { freshPostgresUrl } from '../helpers/postgres.ts';
import { answerTestHostsLocally } from '../sites/local-hosts.ts';
import { addSite, makeSitesDir, siteFolders } from '../sites/sites-folder.ts';

answerTestHostsLocally();

type Jwks = { keys: { kid: string }[] };
const hosts = ['verto.test', 'hafen.test'] as const;

describe('card keys of many sites on several instances', () => {
  const apps: RunningApp[] = [];
  const ports: number[] = [];

  before(async () => {
    const sitesDir = makeSitesDir();
    addSite(sitesDir, 'verto', siteFolders.verto, 'hosts: [verto.test]');
    addSite(sitesDir, 'hafen', siteFolders.hafenwerk, 'hosts: [hafen.test]');
    const databaseUrl = await freshPostgresUrl();
    for (let i = 0; i < 2; i++) {
      const [port, mcpPort] = (await freePorts(2)) as [number, number];
      ports.push(port);
      const env = { SITES_DIR: sitesDir, LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl };
      apps.push(await startApp(loadConfig({ ...env, PORT: String(port), MCP_PORT: String(mcpPort) })));
    }
  });
  after(() => Promise.all(apps.map((app) => app.stop())));

  it('serves each site one key set on every instance, and no key of another site', async () => {
    const get = async <T>(host: string, port: number, path: string): Promise<T> =>
      (await fetch(`http://${host}:${port}${path}`)).json() as Promise<T>;
    // Every site asked on both instances at once: the first use of each site's keys races.
    const served = await Promise.all(
      hosts.flatMap((host) =>
        ports.map(async (port) => ({
          host,
          card: await get<Card>(host, port, '/.well-known/agent-card.json'),
          jwks: await get<Jwks>(host, port, '/.well-known/agent-card-jwks.json'),
        })),
      ),
    );
    const [vertoA, vertoB, hafenA, hafenB] = served as [
      (typeof served)[0],
      (typeof served)[0],
      (typeof served)[0],
      (typeof served)[0],
    ];
    assert.deepEqual(vertoA.jwks, vertoB.jwks, 'one key set for verto on both instances');
    assert.deepEqual(hafenA.jwks, hafenB.jwks, 'one key set for hafen on both instances');
    const vertoKid = await verifyCard(vertoB.card, vertoA.jwks);
    const hafenKid = await verifyCard(hafenB.card, hafenA.jwks);
    assert.notEqual(vertoKid, hafenKid);
    await assert.rejects(verifyCard(vertoA.card, hafenB.jwks));
    await assert.rejects(verifyCard(hafenA.card, vertoB.jwks));
  });
});
