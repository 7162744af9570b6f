// Which sites' content stays loaded: requests arriving together share one load, past the bound the
// site asked for least recently is unloaded (never one a request holds), a site not asked for in the
// idle time is unloaded, and a site let go while a request holds it stays readable until it ends.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadedSites, type LoadedSitesOptions } from '../../src/app/sites/loaded-sites.ts';
import type { SiteContent } from '../../src/app/site-content.ts';
import type { ServedSite } from '../../src/domain/sites/registry.ts';

const site = (key: string): ServedSite => ({
  key,
  hosts: [`${key}.test`],
  baseUrl: `https://${key}.test`,
  mcpUrl: `https://${key}.test/mcp`,
  dir: `/sites/${key}`,
});

/** Sites whose "content" names them, counting loads and closes, on a clock the test moves. */
function fixture(options: Partial<LoadedSitesOptions> = {}) {
  const loads: string[] = [];
  const closes: string[] = [];
  const released: string[] = [];
  const clock = { now: 0 };
  const sites = loadedSites({
    async load(served) {
      loads.push(served.key);
      return { ask: served.key, close: () => closes.push(served.key) } as unknown as SiteContent;
    },
    failed: async () => {},
    released: (key) => released.push(key),
    max: 2,
    idleMs: 0,
    now: () => clock.now,
    ...options,
  });
  const nameOf = async (key: string): Promise<unknown> => (await sites.contentOf(site(key)))?.ask;
  return { sites, loads, closes, released, clock, nameOf };
}

describe('loaded sites', () => {
  it("hands a request its site's content once loaded, and says which sites were asked for since when", async () => {
    const { sites, clock, nameOf } = fixture({ max: 3 });
    const first = sites.hold(site('a'));
    assert.equal(first.content, undefined, 'still loading: the request waits for contentOf');
    assert.equal(await nameOf('a'), 'a');
    first.end();
    clock.now = 100;
    const again = sites.hold(site('a'));
    assert.equal((again.content as unknown as { ask: string }).ask, 'a');
    again.end();
    clock.now = 200;
    sites.hold(site('b')).end();
    assert.deepEqual(sites.askedSince(150), ['b']);
    assert.deepEqual(sites.askedSince(100).sort(), ['a', 'b']);
    assert.deepEqual(sites.askedSince(201), []);
  });

  it('shares one load among the requests that arrive together', async () => {
    const { sites, loads } = fixture();
    const [a, b] = await Promise.all([sites.contentOf(site('a')), sites.contentOf(site('a'))]);
    assert.equal(a, b);
    assert.deepEqual(loads, ['a']);
  });

  it('unloads the site asked for least recently past the bound, and loads it again when asked', async () => {
    const { sites, loads, closes, released, nameOf } = fixture();
    await nameOf('a');
    await nameOf('b');
    sites.hold(site('a')).end();
    await nameOf('c');
    assert.deepEqual(sites.keys().sort(), ['a', 'c']);
    assert.deepEqual(released, ['b']);
    await Promise.resolve();
    assert.deepEqual(closes, ['b']);
    assert.equal(await nameOf('b'), 'b', 'loaded again, with its own content');
    assert.deepEqual(loads, ['a', 'b', 'c', 'b']);
  });

  it('never unloads a site a request holds; the bound is kept once it ends', async () => {
    const { sites, released, nameOf } = fixture({ max: 1 });
    const endA = sites.hold(site('a')).end;
    await nameOf('a');
    const endB = sites.hold(site('b')).end;
    await nameOf('b');
    assert.deepEqual(sites.keys(), ['a', 'b']);
    assert.equal(sites.loaded('a')?.ask, 'a');
    endA();
    assert.deepEqual(released, ['a']);
    endB();
    assert.deepEqual(sites.keys(), ['b']);
  });

  it('unloads the sites not asked for within the idle time', async () => {
    const { sites, clock, nameOf } = fixture({ max: 10, idleMs: 1000 });
    await nameOf('a');
    await nameOf('b');
    clock.now = 900;
    sites.hold(site('b')).end();
    clock.now = 1500;
    assert.deepEqual(sites.unloadIdle(), ['a']);
    assert.deepEqual(sites.keys(), ['b']);
    assert.equal(sites.loaded('a'), undefined);
  });

  it('keeps a site let go readable to the requests that hold it, then closes it', async () => {
    const { sites, closes, released, nameOf } = fixture();
    await nameOf('a');
    const end = sites.hold(site('a')).end;
    sites.letGo('a');
    assert.equal(sites.loaded('a')?.ask, 'a');
    assert.equal(sites.heldSite('a')?.key, 'a');
    assert.deepEqual(released, [], 'not released while a request holds it');
    end();
    assert.equal(sites.loaded('a'), undefined);
    assert.deepEqual(released, ['a']);
    await Promise.resolve();
    assert.deepEqual(closes, ['a']);
  });

  it('does not release a site let go while held once newer content of it is loaded', async () => {
    const { sites, released, nameOf } = fixture();
    await nameOf('a');
    const end = sites.hold(site('a')).end;
    sites.letGo('a');
    await nameOf('a');
    end();
    assert.deepEqual(released, []);
    assert.equal(sites.loaded('a')?.ask, 'a');
  });
});
