// A request routed to its site runs as that site from its first byte to its last: the events of a
// body that arrives once the request is routed and listened to (so they are emitted from the
// connection, outside any site's work) still run as the site the Host names, over a real socket
// and a real SITES_DIR. What it reads of its site (its address, its content) is what it arrived for,
// even when the site moves to another address while it runs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { ResponseCache } from '../../src/cache/response-cache.ts';
import { loadConfig } from '../../src/config/config.ts';
import { openSiteRegistry } from '../../src/app/sites/registry.ts';
import { routeToSite } from '../../src/app/sites/site-requests.ts';
import { siteScopedConfig, siteScopedContent } from '../../src/app/sites/site-views.ts';
import { currentSiteKey } from '../../src/domain/sites/site-scope.ts';
import { createLogger } from '../../src/kernel/logger.ts';
import { addSite, makeSitesDir, siteFolders } from './sites-folder.ts';

const closing: (() => unknown)[] = [];
after(() => Promise.all(closing.map((close) => close())));

test('a body sent once its request is routed is read as the site its Host names', async () => {
  const dir = makeSitesDir();
  addSite(dir, 'verto', siteFolders.verto, 'hosts: [verto.test]');
  addSite(dir, 'moss', siteFolders.mossgrove, 'hosts: [moss.test]');
  const config = loadConfig({ SITES_DIR: dir, CONTENT_POLL_SECONDS: '0', LOG_LEVEL: 'silent' });
  const sites = await openSiteRegistry(config, config.sites!, createLogger('silent'), new ResponseCache(1 << 20));
  closing.push(() => sites.close());
  const server = http.createServer(
    routeToSite(
      sites,
      (req, res) => {
        const seen: string[] = [];
        req.on('data', () => seen.push(`data as ${currentSiteKey()}`));
        req.on('end', () => res.end(JSON.stringify([...new Set(seen), `end as ${currentSiteKey()}`])));
        // The client sends the body only on these headers, so it arrives once the listeners above are on.
        res.writeHead(200, { 'content-type': 'application/json' }).flushHeaders();
      },
      (_req, res) => res.writeHead(421).end(),
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => new Promise((resolve) => server.close(resolve)));
  const { port } = server.address() as AddressInfo;
  assert.deepEqual(JSON.parse(await postAfterHeaders(port, 'verto.test')), ['data as verto', 'end as verto']);
  assert.deepEqual(JSON.parse(await postAfterHeaders(port, 'moss.test')), ['data as moss', 'end as moss']);
});

/**
 * A POST to `host` whose body is sent only once the answer's headers came, that is once the request
 * has been routed and its body listened to: the body's events then come from the connection.
 */
function postAfterHeaders(port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method: 'POST', headers: { host } });
    request.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.once('end', () => resolve(text));
      request.end('a body');
    });
    request.once('error', reject);
    request.flushHeaders();
  });
}

test('a request reads its site as it was when the request began, while the site changes under it', async () => {
  const dir = makeSitesDir();
  const folder = addSite(dir, 'verto', siteFolders.verto, 'hosts: [verto.test]');
  const config = loadConfig({ SITES_DIR: dir, CONTENT_POLL_SECONDS: '0', LOG_LEVEL: 'silent' });
  const sites = await openSiteRegistry(config, config.sites!, createLogger('silent'), new ResponseCache(1 << 20));
  closing.push(() => sites.close());
  const scoped = siteScopedConfig(config, sites);
  const content = siteScopedContent(sites);
  let changed!: () => void;
  const siteChanged = new Promise<void>((resolve) => (changed = resolve));
  const server = http.createServer(
    routeToSite(
      sites,
      (_req, res) => {
        const before = [scoped.baseUrl, content.catalog.site.brandName];
        void siteChanged.then(() =>
          res.end(JSON.stringify([before, [scoped.baseUrl, content.catalog.site.brandName]])),
        );
      },
      (_req, res) => res.writeHead(421).end(),
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => new Promise((resolve) => server.close(resolve)));
  const { port } = server.address() as AddressInfo;
  const answer = getText(port, 'verto.test');
  // The request has begun (its answer waits); then the site moves to another address.
  while (sites.loadedContent('verto') === undefined) await new Promise((resolve) => setTimeout(resolve, 5));
  await new Promise((resolve) => setTimeout(resolve, 50));
  fs.appendFileSync(path.join(folder, 'site.yaml'), 'baseUrl: https://www.verto.example\n');
  await sites.rescan().finally(changed);
  assert.equal(sites.site('verto')?.baseUrl, 'https://www.verto.example');
  const [before, after] = JSON.parse(await answer) as [string[], string[]];
  assert.equal(before[0], 'https://verto.test');
  assert.deepEqual(after, before, 'the address and content it began with');
});

function getText(port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, headers: { host } }, (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.once('end', () => resolve(text));
      })
      .once('error', reject);
  });
}

test('a Host asked before is answered as its site is now: content unloaded, a host taken away, the address changed', async () => {
  const dir = makeSitesDir();
  const folder = addSite(dir, 'verto', siteFolders.verto, 'hosts: [verto.test, old.test]');
  addSite(dir, 'moss', siteFolders.mossgrove, 'hosts: [moss.test]');
  const config = loadConfig({ SITES_DIR: dir, CONTENT_POLL_SECONDS: '0', LOG_LEVEL: 'silent', SITES_LOADED_MAX: '1' });
  const sites = await openSiteRegistry(config, config.sites!, createLogger('silent'), new ResponseCache(1 << 20));
  closing.push(() => sites.close());
  const scoped = siteScopedConfig(config, sites);
  const server = http.createServer(
    routeToSite(
      sites,
      (_req, res) => res.end(`${currentSiteKey()} at ${scoped.baseUrl}`),
      (_req, res) => res.writeHead(421).end('misdirected'),
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => new Promise((resolve) => server.close(resolve)));
  const { port } = server.address() as AddressInfo;
  // Asked twice each: what the first request found is not what the second must rely on.
  for (let twice = 0; twice < 2; twice += 1) {
    assert.equal(await getText(port, 'old.test'), 'verto at https://verto.test');
    assert.equal(await getText(port, 'verto.test'), 'verto at https://verto.test');
  }
  // Another site loaded past the bound of one: verto is unloaded, and its next request loads it again.
  assert.equal(await getText(port, 'moss.test'), 'moss at https://moss.test');
  assert.equal(sites.loadedContent('verto'), undefined);
  assert.equal(await getText(port, 'verto.test'), 'verto at https://verto.test');
  assert.ok(sites.loadedContent('verto'));
  assert.equal(await getText(port, 'old.test'), 'verto at https://verto.test');
  // A host taken away (the content stays loaded), then the site's address changed: neither is
  // answered as the site was.
  const yaml = path.join(folder, 'site.yaml');
  fs.writeFileSync(yaml, fs.readFileSync(yaml, 'utf8').replace('[verto.test, old.test]', '[verto.test]'));
  await sites.rescan();
  assert.equal(await getText(port, 'old.test'), 'misdirected');
  assert.equal(await getText(port, 'verto.test'), 'verto at https://verto.test');
  fs.appendFileSync(yaml, 'baseUrl: https://www.verto.example\n');
  await sites.rescan();
  assert.equal(await getText(port, 'verto.test'), 'verto at https://www.verto.example');
});
