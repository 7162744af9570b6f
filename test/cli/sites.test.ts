// `agentsite sites add|list|remove` as an operator runs it, against a temporary SITES_DIR: a new site
// from the starter content or imported (its host and origin in site.yaml), a host refused when taken, the table of
// sites, a host removed from its site and a site's folder moved aside with its last host; and a running
// instance's registry following each change without a restart.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { closeServices, createServices, type Services } from '../../src/app/services.ts';
import { loadConfig } from '../../src/config/config.ts';
import { runAgentsite } from '../helpers/agentsite-cli.ts';
import { freshDatabaseUrl } from '../helpers/app.ts';
import { makeSitesDir } from '../sites/sites-folder.ts';
import { recordingServer } from '../domain/audit/recording-server.ts';

const sites = (sitesDir: string, ...args: string[]) =>
  runAgentsite(['sites', ...args], { PATH: process.env.PATH ?? '', SITES_DIR: sitesDir });

async function until(what: string, check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 100) {
    if (waited > 30_000) throw new Error(`${what}: not seen in time`);
    await sleep(100);
  }
}

describe('agentsite sites', () => {
  let sitesDir: string;
  let services: Services;

  before(async () => {
    sitesDir = makeSitesDir();
    services = await createServices(
      loadConfig({
        LOG_LEVEL: 'silent',
        DATABASE_URL: await freshDatabaseUrl(),
        SITES_DIR: sitesDir,
        CONTENT_POLL_SECONDS: '1',
      }),
    );
  });
  after(() => closeServices(services));

  it('adds a site for its host, which a running instance then serves', async () => {
    const added = await sites(sitesDir, 'add', 'WWW.Alpha.test');
    assert.equal(added.code, 0, added.stderr);
    assert.match(added.stdout, /^Added www\.alpha\.test: .*www\.alpha\.test$/m);
    const siteYaml = fs.readFileSync(path.join(sitesDir, 'www.alpha.test', 'site.yaml'), 'utf8');
    assert.match(siteYaml, /\nhosts: \[www\.alpha\.test\]\n$/);
    await until('the new site', () => services.sites!.siteOfHost('www.alpha.test') !== undefined);
    assert.deepEqual(
      fs.readdirSync(sitesDir).filter((name) => name.startsWith('.')),
      [],
      'no half-built folder left behind',
    );
  });

  it('imports a site with --import, then names its host and origin in the imported site.yaml', async () => {
    const origin = await recordingServer((_request, response) => {
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<!doctype html><title>Gamma Studio</title><h1>Gamma Studio</h1><p>We design brands.</p>');
    });
    try {
      const added = await sites(sitesDir, 'add', 'gamma.test', '--import', origin.url, '--origin', origin.url);
      assert.equal(added.code, 0, added.stderr);
      const siteYaml = fs.readFileSync(path.join(sitesDir, 'gamma.test', 'site.yaml'), 'utf8');
      assert.match(siteYaml, /Gamma Studio/);
      assert.ok(siteYaml.endsWith(`hosts: [gamma.test]\norigin: ${new URL(origin.url).origin}\n`), siteYaml);
    } finally {
      await origin.close();
    }
  });

  it('refuses a host that is already a site, and bad usage, each with a clear line', async () => {
    const taken = await sites(sitesDir, 'add', 'www.alpha.test');
    assert.equal(taken.code, 1);
    assert.match(taken.stderr, /www\.alpha\.test is already a site: a host of .*www\.alpha\.test/);
    const bad = await sites(sitesDir, 'add', 'https://beta.test/');
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /is not a host name/);
    const unset = await runAgentsite(['sites', 'list'], { PATH: process.env.PATH ?? '' });
    assert.equal(unset.code, 1);
    assert.match(unset.stderr, /SITES_DIR, which is not set/);
  });

  it('lists every site with its hosts, origin, pages and gaps', async () => {
    assert.equal((await sites(sitesDir, 'add', 'beta.test')).code, 0);
    const listed = await sites(sitesDir, 'list');
    assert.equal(listed.code, 0, listed.stderr);
    const lines = listed.stdout.trim().split('\n');
    assert.match(lines[0]!, /^folder\s+hosts\s+origin\s+pages\s+gaps$/);
    assert.match(lines[1]!, /^beta\.test\s+beta\.test\s+-\s+\d+\s+\d+$/);
    assert.match(lines[2]!, /^gamma\.test\s+gamma\.test\s+http:\/\/127\.0\.0\.1:\d+\s+\d+\s+\d+$/);
    assert.match(lines[3]!, /^www\.alpha\.test\s+www\.alpha\.test\s+-\s+\d+\s+\d+$/);
    assert.equal(lines[4], '(3 rows)');
  });

  it('removes one host of several, then moves the folder aside with its last host', async () => {
    const yaml = path.join(sitesDir, 'beta.test', 'site.yaml');
    fs.writeFileSync(
      yaml,
      fs.readFileSync(yaml, 'utf8').replace('hosts: [beta.test]', 'hosts:\n  - beta.test\n  - www.beta.test'),
    );
    await until('both hosts', () => services.sites!.siteOfHost('www.beta.test') !== undefined);
    const one = await sites(sitesDir, 'remove', 'www.beta.test');
    assert.equal(one.code, 0, one.stderr);
    assert.match(one.stdout, /keeps beta\.test$/m);
    assert.match(fs.readFileSync(yaml, 'utf8'), /^hosts: \[beta\.test\]$/m);
    await until('the host gone', () => services.sites!.siteOfHost('www.beta.test') === undefined);
    assert.ok(services.sites!.siteOfHost('beta.test'));

    const last = await sites(sitesDir, 'remove', 'beta.test');
    assert.equal(last.code, 0, last.stderr);
    assert.equal(fs.existsSync(path.join(sitesDir, 'beta.test')), false);
    const [aside] = fs.readdirSync(path.join(sitesDir, '.removed'));
    assert.match(aside!, /^beta\.test-/);
    assert.ok(fs.existsSync(path.join(sitesDir, '.removed', aside!, 'site.yaml')), 'its content is kept');
    await until('the site gone', () => services.sites!.siteOfHost('beta.test') === undefined);
    const missing = await sites(sitesDir, 'remove', 'beta.test');
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /no site of .* names the host beta\.test/);
  });
});
