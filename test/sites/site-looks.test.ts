// Which sites' folders a tick of the registry looks at: the ones asked for (on that tick and the
// next, so a change settles over two looks) and, in turn, the rest; and over a real SITES_DIR, a
// site asked for follows its folder without a restart.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { ResponseCache, textBytes } from '../../src/cache/response-cache.ts';
import { loadConfig } from '../../src/config/config.ts';
import { openSiteRegistry } from '../../src/app/sites/registry.ts';
import { type SiteLooks, siteLooks } from '../../src/app/sites/site-looks.ts';
import { currentSiteKey, runInSite } from '../../src/domain/sites/site-scope.ts';
import { createLogger } from '../../src/kernel/logger.ts';
import { addSite, makeSitesDir, siteFolders } from './sites-folder.ts';

const loaded = Array.from({ length: 24 }, (_, index) => `site-${index}`);

/** Ticks of `looks` a second apart from 1 000 ms, with each site's last ask (ms) in `asked`. */
function ticking(looks: SiteLooks, asked: Map<string, number>): (now: number) => string[] {
  return (now) => {
    const since = looks.since();
    const askedSince = [...asked].filter(([, at]) => at >= since).map(([key]) => key);
    return looks.due(loaded, askedSince, now);
  };
}

test('a site asked for is looked at on that tick and the next, then only in its turn', () => {
  const looks = siteLooks(24);
  const asked = new Map([['site-9', 500]]);
  const tick = ticking(looks, asked);
  assert.deepEqual(tick(1000), ['site-9', 'site-0']);
  assert.deepEqual(tick(2000), ['site-9', 'site-1']);
  assert.deepEqual(tick(3000), ['site-2']);
  asked.set('site-15', 3500);
  assert.deepEqual(tick(4000), ['site-15', 'site-3']);
  assert.deepEqual(tick(5000), ['site-15', 'site-4']);
  assert.deepEqual(tick(6000), ['site-5']);
});

test('every loaded site is looked at within the sweep, asked for or not, and none not loaded', () => {
  const looks = siteLooks(6);
  const tick = ticking(looks, new Map([['gone', 500]]));
  const seen = new Set<string>();
  for (let n = 1; n <= 6; n += 1) for (const key of tick(n * 1000)) seen.add(key);
  assert.deepEqual([...seen].sort(), [...loaded].sort());
  assert.deepEqual(siteLooks(6).due([], [], 1000), []);
});

test('a site asked for follows its folder without a restart, dropping what was cached for it alone', async () => {
  const dir = makeSitesDir();
  const site = addSite(dir, 'one', siteFolders.mossgrove, 'hosts: [one.test]');
  const config = loadConfig({ SITES_DIR: dir, CONTENT_POLL_SECONDS: '1', LOG_LEVEL: 'silent' });
  const cache = new ResponseCache(1 << 20, currentSiteKey);
  const bodies = cache.namespace('body', textBytes);
  const sites = await openSiteRegistry(config, config.sites!, createLogger('silent'), cache);
  after(() => sites.close());
  const content = await sites.contentOf('one');
  assert.equal(content?.content.site.brandName, 'Mossgrove');
  for (const key of ['one', 'other']) runInSite(key, () => bodies.set('/', `home of ${key}`));
  const yaml = path.join(site, 'site.yaml');
  fs.writeFileSync(yaml, fs.readFileSync(yaml, 'utf8').replace('brandName: Mossgrove', 'brandName: Mossgrove Two'));
  // Asked for on every tick, as requests would; loaded again once two looks agree (a few seconds at most).
  for (let wait = 0; wait < 100 && content?.content.site.brandName === 'Mossgrove'; wait += 1) {
    sites.begin(sites.site('one')!).end();
    await sleep(100);
  }
  assert.equal(content?.content.site.brandName, 'Mossgrove Two');
  assert.equal(
    runInSite('one', () => bodies.get('/')),
    undefined,
  );
  assert.equal(
    runInSite('other', () => bodies.get('/')),
    'home of other',
  );
});

test('a site nobody asks for follows an edit of its folder within two looks of the notice, not the sweep', async () => {
  const dir = makeSitesDir();
  // Enough loaded sites that the sweep would reach a given one only after a minute of 1 s looks.
  const keys = Array.from({ length: 70 }, (_, index) => `site-${index}`);
  for (const key of keys) addSite(dir, key, siteFolders.mossgrove, `hosts: [${key}.test]`);
  const config = loadConfig({ SITES_DIR: dir, CONTENT_POLL_SECONDS: '1', LOG_LEVEL: 'silent' });
  const sites = await openSiteRegistry(config, config.sites!, createLogger('silent'), new ResponseCache(1 << 20));
  after(() => sites.close());
  for (const key of keys) await sites.contentOf(key);
  const content = await sites.contentOf('site-37');
  const yaml = path.join(dir, 'site-37', 'site.yaml');
  fs.writeFileSync(yaml, fs.readFileSync(yaml, 'utf8').replace('brandName: Mossgrove', 'brandName: Mossgrove Quiet'));
  for (let wait = 0; wait < 50 && content?.content.site.brandName === 'Mossgrove'; wait += 1) await sleep(100);
  assert.equal(content?.content.site.brandName, 'Mossgrove Quiet');
});
