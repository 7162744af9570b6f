// The record a site's requests run in: what runs in it reads its own site whatever work made it
// (another site's, or work carrying other stores), and every request for a site with the same
// settings and content runs in the same record, while a site whose settings changed gets a new one.
import assert from 'node:assert/strict';
import { AsyncLocalStorage } from 'node:async_hooks';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, it } from 'node:test';
import type { SiteContent } from '../../src/app/site-content.ts';
import { loadedSites } from '../../src/app/sites/loaded-sites.ts';
import { SiteRecord, siteRecordInScope } from '../../src/app/sites/site-record.ts';
import type { ServedSite } from '../../src/domain/sites/registry.ts';
import { currentSiteKey, runInSite } from '../../src/domain/sites/site-scope.ts';

const site = (key: string, baseUrl = `https://${key}.test`): ServedSite => ({
  key,
  hosts: [`${key}.test`],
  baseUrl,
  mcpUrl: `${baseUrl}/mcp`,
  dir: `/sites/${key}`,
});
const content = { close: () => {} } as unknown as SiteContent;

/** A request and its response, with no connection behind them. */
function exchange(): [IncomingMessage, ServerResponse] {
  const req = new IncomingMessage(new Socket());
  return [req, new ServerResponse(req)];
}

describe('site record', () => {
  it('runs a request and its later events as its own site, with nothing of the work that made it', () => {
    const other = new AsyncLocalStorage<string>();
    const record = other.run('made inside other work', () =>
      runInSite('moss', () => new SiteRecord(site('verto'), content, undefined)),
    );
    const seen: unknown[] = [];
    const [req, res] = exchange();
    record.serve(
      (request) => {
        seen.push(currentSiteKey(), siteRecordInScope() === record, other.getStore());
        request.on('data', () => seen.push(`data as ${currentSiteKey()}`));
      },
      req,
      res,
    );
    // An event emitted from outside any site's work, as a body's events are from the connection.
    runInSite('moss', () => req.emit('data', Buffer.from('x')));
    assert.deepEqual(seen, ['verto', true, undefined, 'data as verto']);
  });

  it("is one for every request of a site with the same settings, and another once the site's settings change", async () => {
    const sites = loadedSites({
      load: async () => content,
      failed: async () => {},
      released: () => {},
      max: 2,
      idleMs: 0,
      frontOf: (served) => (served.origin ? { originUrl: served.origin } : undefined) as never,
    });
    const verto = site('verto');
    const first = sites.hold(verto);
    assert.equal(first.recordOf(verto), undefined, 'none while its content loads');
    await first.opening;
    const record = first.recordOf(verto);
    assert.equal(record?.site, verto);
    const again = sites.hold(verto);
    assert.equal(again.recordOf(verto), record, 'the same record for the next request');
    const moved = { ...verto, hosts: ['www.verto.test'], origin: 'https://origin.verto.test' };
    const changed = again.recordOf(moved);
    assert.notEqual(changed, record);
    assert.equal(changed?.site, moved);
    assert.deepEqual(changed?.front, { originUrl: 'https://origin.verto.test' });
    first.end();
    again.end();
  });
});
