// Each site of one deployment signs its agent card with its own keys (SITES_DIR): the two JWKS share
// no key, each site's card verifies with its own JWKS and with no other site's, and
// `agentsite card-keys rotate --site <host>` rotates that site's keys alone. Real sockets (the site
// is chosen by Host), real database (AGENTSITE_TEST_STORE), the CLI in its own process, jose.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { RunningApp } from '../../src/app/app.ts';
import { verifyCard, type Card } from '../discovery/card-verify.ts';
import { freePorts, freshDatabaseUrl } from '../helpers/app.ts';
import { answerTestHostsLocally } from './local-hosts.ts';
import { addSite, makeSitesDir, siteFolders, startSites } from './sites-folder.ts';

answerTestHostsLocally();

const root = fileURLToPath(new URL('../..', import.meta.url));
type Jwks = { keys: { kid: string; x: string }[] };

describe('card keys of many sites', () => {
  let app: RunningApp;
  let sitesDir: string;
  let databaseUrl: string;
  let port: number;
  const base = (host: string): string => `http://${host}:${port}`;
  const served = async (host: string): Promise<{ card: Card; jwks: Jwks }> => ({
    card: (await (await fetch(`${base(host)}/.well-known/agent-card.json`)).json()) as Card,
    jwks: (await (await fetch(`${base(host)}/.well-known/agent-card-jwks.json`)).json()) as Jwks,
  });
  /** The CLI on the instance's database and SITES_DIR (or the environment given last). */
  const cli = async (...words: (string | Record<string, string>)[]): Promise<string[]> => {
    const args = words.filter((word) => typeof word === 'string');
    const extra = words.find((word) => typeof word !== 'string') ?? {};
    const env = { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, SITES_DIR: sitesDir, ...extra };
    const { stdout } = await promisify(execFile)(process.execPath, ['bin/agentsite.js', 'card-keys', ...args], {
      cwd: root,
      env,
    });
    return stdout.trim().split('\n');
  };
  const listed = async (site: string): Promise<{ kid: string; state: string }[]> =>
    (await cli('--site', site, '--json')).map((line) => JSON.parse(line) as { kid: string; state: string });

  before(async () => {
    const [sitePort, mcpPort] = (await freePorts(2)) as [number, number];
    port = sitePort;
    sitesDir = makeSitesDir();
    for (const [key, from, host] of [
      ['verto', siteFolders.verto, 'verto.test'],
      ['hafen', siteFolders.hafenwerk, 'hafen.test'],
    ] as const) {
      addSite(sitesDir, key, from, `hosts: [${host}]\nbaseUrl: ${base(host)}\nmcpUrl: http://${host}:${mcpPort}/mcp`);
    }
    databaseUrl = await freshDatabaseUrl();
    app = await startSites(sitesDir, [port, mcpPort], { DATABASE_URL: databaseUrl });
  });
  after(() => app?.stop());

  it('gives each site its own keys: disjoint JWKS, each card verified by its own JWKS alone', async () => {
    const [verto, hafen] = await Promise.all([served('verto.test'), served('hafen.test')]);
    const kidsOf = (jwks: Jwks): string[] => jwks.keys.map((key) => key.kid);
    assert.equal(kidsOf(verto.jwks).length, 1);
    assert.equal(kidsOf(hafen.jwks).length, 1);
    assert.equal(
      kidsOf(verto.jwks).filter((kid) => kidsOf(hafen.jwks).includes(kid)).length,
      0,
      'no key id in both JWKS',
    );
    assert.notEqual(verto.jwks.keys[0]!.x, hafen.jwks.keys[0]!.x, 'no public key in both JWKS');
    assert.equal(await verifyCard(verto.card, verto.jwks), verto.jwks.keys[0]!.kid);
    assert.equal(await verifyCard(hafen.card, hafen.jwks), hafen.jwks.keys[0]!.kid);
    await assert.rejects(
      verifyCard(verto.card, hafen.jwks),
      'the card of one site does not verify with the other’s keys',
    );
    await assert.rejects(verifyCard(hafen.card, verto.jwks));
    // Even signed by the other's key id with the other's key material, it must fail: swap the keys' ids.
    const impostor = { keys: [{ ...hafen.jwks.keys[0]!, kid: verto.jwks.keys[0]!.kid }] };
    await assert.rejects(verifyCard(verto.card, impostor as never));
  });

  it('names each site’s own JWKS in the card’s signature header', async () => {
    for (const host of ['verto.test', 'hafen.test']) {
      const { card } = await served(host);
      const header = JSON.parse(Buffer.from(card.signatures![0]!.protected, 'base64url').toString()) as {
        jku: string;
      };
      assert.equal(header.jku, `${base(host)}/.well-known/agent-card-jwks.json`);
    }
  });

  it('publishes no other key of a site: an empty OAuth key set and no Web Bot Auth directory', async () => {
    for (const host of ['verto.test', 'hafen.test']) {
      const oauth = await fetch(`${base(host)}/.well-known/jwks.json`);
      assert.deepEqual(await oauth.json(), { keys: [] });
      const directory = await fetch(`${base(host)}/.well-known/http-message-signatures-directory`);
      assert.equal(directory.status, 404, 'the product signs no requests, so it has no key directory');
    }
  });

  it('rotates the keys of the site named, by host or folder, and leaves the other site’s as they are', async () => {
    const [verto, hafen] = await Promise.all([served('verto.test'), served('hafen.test')]);
    const said = await cli('rotate', '--site', 'verto.test');
    const fresh = /^signing of verto with (\S+) from now on/.exec(said[0] ?? '')?.[1];
    assert.ok(fresh, said.join('\n'));
    assert.deepEqual(
      (await listed('verto.test')).map((key) => [key.kid, key.state]),
      [
        [fresh, 'signing'],
        [verto.jwks.keys[0]!.kid, 'retired, published'],
      ],
    );
    assert.deepEqual(
      (await listed('hafen')).map((key) => [key.kid, key.state]),
      [[hafen.jwks.keys[0]!.kid, 'signing']],
      'the other site keeps its one key',
    );
    assert.deepEqual((await served('hafen.test')).jwks, hafen.jwks, 'the other site serves the same JWKS');
  });

  it('lists every site’s keys without --site, and a site never asked for as having none yet', async () => {
    const { jwks } = await served('hafen.test');
    // The same folders as the instance's, and one whose card no request has asked for.
    const listingDir = makeSitesDir();
    for (const [key, host] of [
      ['hafen', 'hafen.test'],
      ['later', 'later.test'],
    ]) {
      fs.mkdirSync(path.join(listingDir, key!));
      fs.writeFileSync(path.join(listingDir, key!, 'site.yaml'), `hosts: [${host}]\n`);
    }
    const rows = (await cli('--json', { SITES_DIR: listingDir })).map(
      (line) => JSON.parse(line) as { site: string; kid: string; state: string },
    );
    assert.deepEqual(
      rows.map((row) => [row.site, row.kid, row.state]),
      [
        ['hafen', jwks.keys[0]!.kid, 'signing'],
        ['later', '', 'none yet'],
      ],
    );
    assert.deepEqual(
      (await cli('--site', 'later.test', '--json', { SITES_DIR: listingDir })).length,
      1,
      'a list naming the site makes its first key',
    );
  });

  it('asks for --site with SITES_DIR, and refuses a site it does not serve', async () => {
    await assert.rejects(
      cli('rotate'),
      (error: { code?: number; stderr?: string }) => error.code === 2 && /--site <host>/.test(error.stderr ?? ''),
    );
    await assert.rejects(
      cli('--site', 'elsewhere.test'),
      (error: { code?: number; stderr?: string }) =>
        error.code === 1 && /no site of .* elsewhere\.test/.test(error.stderr ?? ''),
    );
  });
});
