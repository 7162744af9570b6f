// The site registry over a real SITES_DIR: hosts mapped case- and port-blind, addresses derived or
// taken from site.yaml, a clash refused naming both folders, and changes picked up on a look.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { ResponseCache } from '../../src/cache/response-cache.ts';
import { loadConfig } from '../../src/config/config.ts';
import { openSiteRegistry, type LiveSites } from '../../src/app/sites/registry.ts';
import { createLogger } from '../../src/kernel/logger.ts';
import { addSite, makeSitesDir, siteFolders } from './sites-folder.ts';

const opened: LiveSites[] = [];
after(() => {
  for (const sites of opened) sites.close();
});

interface Logged {
  reason?: string;
}

async function open(sitesDir: string, pollSeconds = '0'): Promise<{ sites: LiveSites; warnings: string[] }> {
  const config = loadConfig({ SITES_DIR: sitesDir, CONTENT_POLL_SECONDS: pollSeconds, LOG_LEVEL: 'silent' });
  const warnings: string[] = [];
  const logger = createLogger('silent');
  logger.warn = ((facts: Logged) => {
    warnings.push(facts.reason ?? '');
  }) as typeof logger.warn;
  const sites = await openSiteRegistry(config, config.sites!, logger, new ResponseCache(1 << 20));
  opened.push(sites);
  return { sites, warnings };
}

test('hosts map to their site whatever their case and port; addresses follow the first host or site.yaml', async () => {
  const dir = makeSitesDir();
  addSite(dir, 'verto', siteFolders.verto, 'hosts: [www.verto.test, Verto.test]');
  addSite(
    dir,
    'hafen',
    siteFolders.hafenwerk,
    'hosts: [hafen.test]\nbaseUrl: http://hafen.test:8080/\nmcpUrl: http://mcp.hafen.test/mcp',
  );
  const { sites } = await open(dir);
  assert.equal(sites.siteOfHost('WWW.VERTO.TEST:443')?.key, 'verto');
  assert.equal(sites.siteOfHost('verto.test.')?.key, 'verto');
  assert.equal(sites.siteOfHost('elsewhere.test'), undefined);
  assert.equal(sites.siteOfHost(undefined), undefined);
  assert.deepEqual(
    sites.sites().map(({ key, hosts, baseUrl, mcpUrl }) => ({ key, hosts, baseUrl, mcpUrl })),
    [
      { key: 'hafen', hosts: ['hafen.test'], baseUrl: 'http://hafen.test:8080', mcpUrl: 'http://mcp.hafen.test/mcp' },
      {
        key: 'verto',
        hosts: ['www.verto.test', 'verto.test'],
        baseUrl: 'https://www.verto.test',
        mcpUrl: 'https://www.verto.test/mcp',
      },
    ],
  );
  assert.equal((await sites.contentOf('hafen'))?.content.site.brandName, 'Hafenwerk');
});

test('a host two folders name stays with one; the other is not served and the clash names both folders', async () => {
  const dir = makeSitesDir();
  addSite(dir, 'a', siteFolders.mossgrove, 'hosts: [shared.test]');
  addSite(dir, 'b', siteFolders.mossgrove, 'hosts: [b.test, shared.test]');
  const { sites, warnings } = await open(dir);
  assert.deepEqual(
    sites.sites().map((site) => site.key),
    ['a'],
  );
  assert.equal(sites.siteOfHost('b.test'), undefined);
  const clash = warnings.find((warning) => warning.includes('shared.test'));
  assert.ok(clash?.includes(path.join(dir, 'a')) && clash.includes(path.join(dir, 'b')), clash);
});

test('a folder without hosts, or whose content does not load, is logged and not served; one with an origin is', async () => {
  const dir = makeSitesDir();
  addSite(dir, 'plain', siteFolders.mossgrove, 'hosts: [plain.test]');
  addSite(dir, 'nohosts', siteFolders.mossgrove, '');
  addSite(dir, 'front', siteFolders.mossgrove, 'hosts: [front.test]\norigin: http://origin.test:8080');
  const broken = addSite(dir, 'broken', siteFolders.mossgrove, 'hosts: [broken.test]');
  fs.writeFileSync(path.join(broken, 'services.yaml'), 'not: [a, list');
  const { sites, warnings } = await open(dir);
  assert.ok(warnings.some((warning) => warning.includes('names no hosts')));
  assert.equal(sites.siteOfHost('front.test')?.origin, 'http://origin.test:8080');
  assert.equal(await sites.contentOf('broken'), undefined);
  assert.equal(sites.siteOfHost('broken.test'), undefined);
  assert.ok(warnings.some((warning) => warning.includes('services.yaml')));
  assert.deepEqual(
    sites.sites().map((site) => site.key),
    ['front', 'plain'],
  );
});

test('a folder added, changed or removed is picked up on the next look', async () => {
  const dir = makeSitesDir();
  addSite(dir, 'one', siteFolders.mossgrove, 'hosts: [one.test]');
  const { sites } = await open(dir);
  const changes: string[][] = [];
  sites.onChange((list) => changes.push(list.map((site) => site.key)));
  const two = addSite(dir, 'two', siteFolders.hafenwerk, 'hosts: [two.test]');
  await sites.rescan();
  assert.equal(sites.siteOfHost('two.test')?.key, 'two');
  const yaml = fs.readFileSync(path.join(two, 'site.yaml'), 'utf8').replace('hosts: [two.test]', 'hosts: [zwei.test]');
  fs.writeFileSync(path.join(two, 'site.yaml'), yaml);
  await sites.rescan();
  assert.equal(sites.siteOfHost('two.test'), undefined);
  assert.equal(sites.siteOfHost('zwei.test')?.key, 'two');
  fs.rmSync(path.join(dir, 'one'), { recursive: true });
  await sites.rescan();
  assert.equal(sites.siteOfHost('one.test'), undefined);
  assert.deepEqual(changes, [['one', 'two'], ['one', 'two'], ['two']]);
});

test('a finished folder renamed into SITES_DIR is served before the next poll', { timeout: 20_000 }, async () => {
  const dir = makeSitesDir();
  addSite(dir, 'one', siteFolders.mossgrove, 'hosts: [one.test]');
  // The poll is an hour away: only the watch of SITES_DIR can find the new folder in this test.
  const { sites } = await open(dir, '3600');
  const changed = new Promise<void>((resolve) => sites.onChange(() => resolve()));
  // As `agentsite sites add` does: built under a dot-name no look serves, then renamed into place.
  const built = addSite(dir, '.two', siteFolders.hafenwerk, 'hosts: [two.test]');
  fs.renameSync(built, path.join(dir, 'two'));
  await changed;
  assert.equal(sites.siteOfHost('two.test')?.key, 'two');
  assert.equal((await sites.contentOf('two'))?.content.site.brandName, 'Hafenwerk');
});
