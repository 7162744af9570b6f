// What a value kept per served site lives through: made once per site inside its scope, closed when
// its site is removed or its settings change, and, unless kept while unloaded, when its content goes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { perServedSite } from '../../src/app/sites/per-served-site.ts';
import type { LiveSites } from '../../src/app/sites/registry.ts';
import type { ServedSite } from '../../src/domain/sites/registry.ts';
import { runInSite } from '../../src/domain/sites/site-scope.ts';

const served = (key: string, host = `${key}.test`): ServedSite => ({
  key,
  hosts: [host],
  baseUrl: `https://${host}`,
  mcpUrl: `https://${host}/mcp`,
  dir: `/sites/${key}`,
});

/** The part of the registry a per-site value follows: its sites, their changes and releases. */
function sitesOf(...initial: ServedSite[]) {
  let list = initial;
  const changed = new Set<(sites: readonly ServedSite[]) => void>();
  const released = new Set<(key: string) => void>();
  const sites = {
    site: (key: string) => list.find((site) => site.key === key),
    onChange(listener: (sites: readonly ServedSite[]) => void) {
      changed.add(listener);
      return () => changed.delete(listener);
    },
    onRelease(listener: (key: string) => void) {
      released.add(listener);
      return () => released.delete(listener);
    },
  } as unknown as LiveSites;
  return {
    sites,
    serve(next: ServedSite[]) {
      list = next;
      for (const listener of changed) listener(list);
    },
    release: (key: string) => {
      for (const listener of released) listener(key);
    },
  };
}

/** Values that name their site's address, with the values closed. */
function kept(sites: LiveSites, options?: { keptWhileUnloaded?: boolean }) {
  const closed: string[] = [];
  const values = perServedSite(
    sites,
    (site) => site.baseUrl,
    async (value) => void closed.push(value),
    options,
  );
  return { values, closed, of: (key: string) => runInSite(key, () => values.current()) };
}

describe('a value kept per served site', () => {
  it('is made once per site, in its scope, and each site gets its own', () => {
    const { sites } = sitesOf(served('a'), served('b'));
    const { values, of } = kept(sites);
    assert.equal(of('a'), 'https://a.test');
    assert.equal(of('b'), 'https://b.test');
    assert.equal(of('a'), 'https://a.test');
    assert.deepEqual(values.values().sort(), ['https://a.test', 'https://b.test']);
  });

  it("is closed when its site is removed, and made again from the site's new settings when they change", () => {
    const registry = sitesOf(served('a'), served('b'));
    const { values, closed, of } = kept(registry.sites, { keptWhileUnloaded: true });
    of('a');
    of('b');
    registry.serve([served('a', 'a.example')]);
    assert.deepEqual(closed.sort(), ['https://a.test', 'https://b.test']);
    assert.equal(of('a'), 'https://a.example');
    assert.deepEqual(values.values(), ['https://a.example']);
  });

  it('goes with its content by default, and outlives the unloading when kept while unloaded', () => {
    const registry = sitesOf(served('a'));
    const byDefault = kept(registry.sites);
    const keptOne = kept(registry.sites, { keptWhileUnloaded: true });
    byDefault.of('a');
    keptOne.of('a');
    registry.release('a');
    assert.deepEqual(byDefault.closed, ['https://a.test']);
    assert.deepEqual(keptOne.closed, []);
    assert.deepEqual(keptOne.values.values(), ['https://a.test']);
  });

  it('closes every value kept on close', async () => {
    const registry = sitesOf(served('a'), served('b'));
    const { values, closed, of } = kept(registry.sites, { keptWhileUnloaded: true });
    of('a');
    of('b');
    await values.close();
    assert.deepEqual(closed.sort(), ['https://a.test', 'https://b.test']);
  });
});
