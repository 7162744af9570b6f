// The host map of one look at SITES_DIR: which site each host names, and each site by its key. A
// request reads one map or the next whole, never half of each.
import type { ServedSite } from '../../domain/sites/registry.ts';
import type { FolderLook } from './site-folders.ts';

export interface HostMap {
  byHost: ReadonlyMap<string, ServedSite>;
  byKey: ReadonlyMap<string, ServedSite>;
  list: readonly ServedSite[];
}

/** The keys of the sites added, removed or changed (hosts, addresses, delivery) from `before` to `next`. */
export function changedSites(before: HostMap, next: HostMap): string[] {
  const changed: string[] = [];
  for (const [key, site] of before.byKey) {
    const now = next.byKey.get(key);
    if (!now || !sameSite(now, site)) changed.push(key);
  }
  for (const key of next.byKey.keys()) if (!before.byKey.has(key)) changed.push(key);
  return changed;
}

/** A site.yaml read again names the site as before: an unchanged one is the very same reading. */
function sameSite(a: ServedSite, b: ServedSite): boolean {
  return (
    a === b ||
    (sameServing(a, b) &&
      a.hosts.join(' ') === b.hosts.join(' ') &&
      JSON.stringify(a.delivery) === JSON.stringify(b.delivery))
  );
}

/** The same folder served at the same addresses: its loaded content stays. */
export function sameServing(a: ServedSite, b: ServedSite): boolean {
  return a.dir === b.dir && a.baseUrl === b.baseUrl && a.mcpUrl === b.mcpUrl && a.origin === b.origin;
}

/**
 * The host map of what a look found. A host two folders name stays with the site that already had
 * it (else the folder first by name); the other site is not served, and the clash is logged naming both.
 */
export function hostMap(
  found: readonly FolderLook[],
  before: HostMap,
  failed: ReadonlyMap<string, string>,
  report: (problem: string) => void,
): HostMap {
  const candidates = found.filter((look) => {
    if (look.problem) report(look.problem);
    return look.site && !failed.has(look.key);
  });
  // Sites served before claim their hosts first, so a new folder cannot take a host from a running site.
  candidates.sort((a, b) => Number(before.byKey.has(b.key)) - Number(before.byKey.has(a.key)));
  const byHost = new Map<string, ServedSite>();
  const byKey = new Map<string, ServedSite>();
  for (const { site } of candidates) {
    const clash = site!.hosts.map((host) => [host, byHost.get(host)] as const).find(([, other]) => other);
    if (clash) {
      report(`${site!.dir}: host ${clash[0]} is already the host of ${clash[1]!.dir}; this site is not served`);
      continue;
    }
    for (const host of site!.hosts) byHost.set(host, site!);
    byKey.set(site!.key, site!);
  }
  const list = [...byKey.values()].sort((a, b) => a.key.localeCompare(b.key));
  return { byHost, byKey, list };
}
