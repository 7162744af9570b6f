// The sites of SITES_DIR while the service runs. A look at the folder (every CONTENT_POLL_SECONDS,
// and whenever a folder is renamed in or out: sites-dir-watch.ts) reads each site.yaml's hosts and
// addresses and replaces the host map whole, so a request sees one map or the next, never half of
// each. A site's content is loaded when it is first needed (a request for it, or the warm-up once
// the listeners are up, so start-up does not wait for it), then follows its folder as the single
// site's does (site-content.ts), looked at when the kernel notices it change or, where notices do not
// reach, while it is asked for (site-notices.ts, site-looks.ts); loaded-sites.ts holds it while
// requests for it run. A folder that fails to load is logged and not served until it changes; a
// changed folder that fails keeps its last good copy.
import type { ResponseCache } from '../../cache/response-cache.ts';
import type { Config, FrontSettings, SitesSettings } from '../../config/config.ts';
import type { ServedSite, SiteRegistry } from '../../domain/sites/registry.ts';
import { hostKey } from '../../domain/sites/site-hosting.ts';
import type { Logger } from '../../kernel/logger.ts';
import { folderFingerprint } from '../folder-fingerprint.ts';
import { openSiteContent, type SiteContent } from '../site-content.ts';
import { contentStartError } from '../startup-errors.ts';
import { changedSites, type HostMap, hostMap, sameServing } from './host-map.ts';
import { loadedSites, type SiteHold } from './loaded-sites.ts';
import { type FolderLook, lookAtFolders } from './site-folders.ts';
import { siteLooks } from './site-looks.ts';
import { siteNotices } from './site-notices.ts';
import { lookAgainAfter, watchSitesDir } from './sites-dir-watch.ts';

/** Every loaded site's folder is looked at within this many ticks of the poll, asked for or not. */
const sweepTicks = 12;
/** The same for a folder the kernel's change notices follow, should a notice be missed. */
const followedSweepTicks = 60;

export interface LiveSites extends SiteRegistry {
  /** The site's loaded content, loading it first if needed; undefined when it does not load. */
  contentOf(key: string): Promise<SiteContent | undefined>;
  /** The front settings of `site` when its site.yaml names an `origin` (the same object for the same site). */
  frontOf(site: ServedSite): FrontSettings | undefined;
  /** Whether some site served now stands in front of an origin. */
  anyFront(): boolean;
  /** The site's content if it is loaded already (or still held by requests that began before it was let go). */
  loadedContent(key: string): SiteContent | undefined;
  /**
   * A request for the site begins (`site` as the host map gives it now, siteOfHost): its folder is
   * looked at while it is asked for (site-looks.ts), and its content stays loaded for it, even if the
   * site is removed meanwhile, until the hold's `end()` is called as the request ends.
   */
  begin(site: ServedSite): SiteHold;
  /**
   * Calls `listener` with a site's key once its content goes (unloaded, removed or changed, when no
   * request holds it any more): whatever was made for the site goes with it. Returns the unsubscribe.
   */
  onRelease(listener: (key: string) => void): () => void;
  /** Loads every site's content one after another, so first requests find it loaded (after start-up). */
  warmUp(): void;
  /** Looks at SITES_DIR now (the poll does this on its own). */
  rescan(): Promise<void>;
  /** Stops looking and closes every site's content. */
  close(): void;
}

export async function openSiteRegistry(
  config: Config,
  sites: SitesSettings,
  logger: Logger,
  cache: ResponseCache,
): Promise<LiveSites> {
  let looks = new Map<string, FolderLook>();
  let map: HostMap = { byHost: new Map(), byKey: new Map(), list: [] };
  let anyFront = false;
  /** Folders that failed to load, with the fingerprint they failed at: tried again once it changes. */
  const failed = new Map<string, string>();
  const reported = new Set<string>();
  const listeners = new Set<(list: readonly ServedSite[]) => void>();
  const releaseListeners = new Set<(key: string) => void>();
  let closed = false;

  const report = (problem: string): void => {
    if (reported.has(problem)) return;
    reported.add(problem);
    logger.warn({ reason: problem }, 'site not served');
  };

  const rebuild = (): void => {
    const next = hostMap([...looks.values()], map, failed, report);
    const changed = changedSites(map, next);
    map = next;
    anyFront = next.list.some((site) => site.origin !== undefined);
    for (const key of loaded.keys()) {
      const now = next.byKey.get(key);
      if (!now || !sameServing(now, loaded.openedSite(key)!)) loaded.letGo(key);
    }
    if (changed.length === 0) return;
    // What was kept for a site changed or gone was made from what it was; the others' stays.
    for (const key of changed) cache.clearSite(key);
    logger.info({ sites: next.list.length }, 'sites loaded');
    for (const listener of listeners) listener(next.list);
  };

  const rescan = async (): Promise<void> => {
    let found: FolderLook[];
    try {
      found = await lookAtFolders(sites.dir, looks);
    } catch (error) {
      logger.warn({ reason: (error as Error).message }, 'SITES_DIR not read; the sites found before are served');
      return;
    }
    // A look reuses the reading of each unchanged site.yaml: the same readings, the same map.
    const same = found.length === looks.size && found.every((look) => looks.get(look.key) === look);
    looks = new Map(found.map((look) => [look.key, look]));
    let retry = false;
    for (const [key, fingerprint] of failed) {
      const look = looks.get(key);
      if (look && (await folderFingerprint(look.dir).catch(() => fingerprint)) === fingerprint) continue;
      failed.delete(key);
      retry = true;
    }
    if (!same || retry) rebuild();
  };

  // A site's folder has no timer of its own: the registry's tick looks at it (lookAtSites) when asked
  // for or noticed changing. Its notices start before it is read, so no change made meanwhile is missed.
  const notices = siteNotices((key, reason) =>
    logger.warn(
      { site: key, reason },
      'site folder not followed by change notices; looked at on each tick while asked for',
    ),
  );
  const load = (site: ServedSite): Promise<SiteContent> => {
    notices.follow(site.key, site.dir);
    return openSiteContent(
      { ...config, contentDir: site.dir, baseUrl: site.baseUrl, mcpUrl: site.mcpUrl, contentPollSeconds: 0 },
      logger,
      () => cache.clearSite(site.key),
    );
  };
  const fronts = new WeakMap<ServedSite, FrontSettings>();
  const frontOf = (site: ServedSite): FrontSettings | undefined => {
    if (site.origin === undefined) return undefined;
    let front = fronts.get(site);
    if (!front) fronts.set(site, (front = { ...sites.originBounds, originUrl: site.origin }));
    return front;
  };
  const loaded = loadedSites({
    frontOf,
    load,
    failed: async (site, error) => {
      notices.stop(site.key);
      report(contentStartError(site.dir, error).message);
      failed.set(site.key, await folderFingerprint(site.dir).catch(() => 'unreadable'));
      rebuild();
    },
    // Gone, its folder is no longer followed: what was cached or made from it goes with it.
    released: (key) => {
      notices.stop(key);
      cache.clearSite(key);
      for (const listener of releaseListeners) listener(key);
    },
    max: sites.loadedMax,
    idleMs: sites.idleSeconds * 1000,
  });

  const contentOf = (key: string): Promise<SiteContent | undefined> => {
    const site = map.byKey.get(key);
    return site ? loaded.contentOf(site) : Promise.resolve(undefined);
  };

  // The sites notices follow are looked at when noticed, and swept only as a net under a missed
  // notice; the others while asked for, and swept as before.
  const polled = siteLooks(sweepTicks);
  const followed = siteLooks(followedSweepTicks);
  const lookAtSites = async (): Promise<void> => {
    const since = polled.since();
    const keys = loaded.keys();
    const now = Date.now();
    const due = new Set([
      ...polled.due(
        keys.filter((key) => !notices.following(key)),
        loaded.askedSince(since),
        now,
      ),
      ...followed.due(keys.filter(notices.following), notices.noticedSince(since), now),
    ]);
    for (const key of due) await loaded.loaded(key)?.look();
  };

  await rescan();
  // The look at SITES_DIR and the sites' own folder looks run side by side: with hundreds of sites
  // asked for, their looks take seconds, and a new site waited for them before its folder was even
  // seen. Between polls, a folder renamed into SITES_DIR is looked at as soon as it lands.
  const lookAtDir = lookAgainAfter(rescan);
  const lookAtSiteFolders = pollOnce(lookAtSites);
  const tick = (): void => {
    lookAtDir();
    lookAtSiteFolders();
  };
  const polling = config.contentPollSeconds > 0;
  const timer = polling ? setInterval(tick, config.contentPollSeconds * 1000) : undefined;
  const stopWatching = polling ? watchSitesDir(sites.dir, lookAtDir, logger) : () => {};
  timer?.unref();
  // Idle sites are looked for a few times within the idle time (at most every minute), whatever the poll.
  const idleTimer =
    sites.idleSeconds > 0
      ? setInterval(() => loaded.unloadIdle(), Math.min(60, Math.max(1, sites.idleSeconds / 4)) * 1000)
      : undefined;
  idleTimer?.unref();

  return {
    siteOfHost: (host) => {
      // A Host as most requests send it is a key as it stands (lower case, no port): found at once.
      const exact = host === undefined ? undefined : map.byHost.get(host);
      if (exact) return exact;
      const name = hostKey(host);
      return name === undefined ? undefined : map.byHost.get(name);
    },
    site: (key) => map.byKey.get(key) ?? loaded.heldSite(key),
    sites: () => map.list,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    contentOf,
    frontOf,
    anyFront: () => anyFront,
    loadedContent: (key) => loaded.loaded(key),
    begin: (site) => loaded.hold(site),
    onRelease(listener) {
      releaseListeners.add(listener);
      return () => releaseListeners.delete(listener);
    },
    // No more than the bound keeps loaded: loading more would only unload the first ones again.
    warmUp: () =>
      void warmUp(
        () => map.list.slice(0, sites.loadedMax),
        contentOf,
        () => closed,
      ),
    rescan,
    close() {
      closed = true;
      clearInterval(timer);
      clearInterval(idleTimer);
      stopWatching();
      notices.close();
      loaded.close();
    },
  };
}

/** Runs `look` on each tick unless the last one still runs. */
function pollOnce(look: () => Promise<void>): () => void {
  let looking = false;
  return () => {
    if (looking) return;
    looking = true;
    void look().finally(() => {
      looking = false;
    });
  };
}

/** Loads every site's content one after another after start-up, so first requests find it loaded. */
async function warmUp(
  list: () => readonly ServedSite[],
  contentOf: (key: string) => Promise<unknown>,
  stopped: () => boolean,
): Promise<void> {
  for (const site of list()) {
    if (stopped()) return;
    await contentOf(site.key);
  }
}
