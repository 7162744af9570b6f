// The loaded content of the sites of SITES_DIR. A site's folder is loaded when first needed (requests
// arriving together share one load), and held while requests for it run: a site removed, or served at
// other addresses, is let go only once the requests that began before have ended, so a request is
// answered by the site it arrived for, never dropped half-way because its site changed under it.
// A loaded site costs memory whether or not anyone asks for it (about 3 MB resident for a small
// site, with what its requests build from it), so past `max` loaded sites the one asked for least
// recently is unloaded, as is one not asked for in `idleMs`; a site some request still holds is
// never unloaded. Its next request loads it again.
import type { ServedSite } from '../../domain/sites/registry.ts';
import type { FrontSettings } from '../../config/config.ts';
import type { SiteContent } from '../site-content.ts';
import { SiteRecord } from './site-record.ts';

/** One site's content, loading or loaded, with the requests that hold it. */
interface Opened extends SiteHold {
  site: ServedSite;
  opening: Promise<SiteContent | undefined>;
  content?: SiteContent;
  /** The record of the site's requests with this content, made for the ServedSite they arrived with. */
  record?: SiteRecord;
  users: number;
  /** When a request last asked for it (ms, the clock `now` gives). */
  asked: number;
  /** Its place in the order of asks (higher: asked for more recently), which the bound unloads from. */
  order: number;
}

export interface LoadedSites {
  /** The site's content, loading it first if needed; undefined when it does not load. */
  contentOf(site: ServedSite): Promise<SiteContent | undefined>;
  /** The content of the site with this key, loaded now (the one let go last while requests still hold it). */
  loaded(key: string): SiteContent | undefined;
  /** A site let go while requests still hold it: they read it until they end. */
  heldSite(key: string): ServedSite | undefined;
  /** A request asks for the site: holds its content (loading it if needed) until `end()` is called. */
  hold(site: ServedSite): SiteHold;
  /** The keys of the loaded sites a request asked for at `since` (ms, the clock `now` gives) or later. */
  askedSince(since: number): string[];
  /** Lets the site's content go: at once, or when the last request holding it ends. */
  letGo(key: string): void;
  /** Unloads the sites not asked for since `idleMs` ago that no request holds; the keys unloaded. */
  unloadIdle(): string[];
  /** The site currently loaded (or loading) under `key`, as it was opened. */
  openedSite(key: string): ServedSite | undefined;
  /** The keys of the sites whose content is loaded or loading. */
  keys(): string[];
  /** Closes every site's content. */
  close(): void;
}

/**
 * A hold on a site's content: the site's own entry, the same for every request that holds it, so a
 * request allocates nothing to hold its site.
 */
export interface SiteHold {
  /** The content, when it is loaded already. */
  readonly content?: SiteContent | undefined;
  /** The content once loaded (undefined if it does not load). */
  readonly opening: Promise<SiteContent | undefined>;
  /**
   * The record `site`'s requests run in with this content, once it is loaded (site-record.ts): made
   * on first use and kept while the site is served with the same settings.
   */
  recordOf(site: ServedSite): SiteRecord | undefined;
  /** One hold has ended: call it once for each hold(). The content may go once no other request holds it. */
  readonly end: () => void;
}

export interface LoadedSitesOptions {
  /** Opens one site's content. */
  load(site: ServedSite): Promise<SiteContent>;
  /** Hears of a site whose content did not load; once it settles, the next request tries again. */
  failed(site: ServedSite, error: unknown): Promise<void>;
  /**
   * Hears of a site whose content went: unloaded for the bounds, or let go once no request holds it
   * (not when newer content of the same key is loaded meanwhile: what was made for that stays).
   */
  released(key: string): void;
  /** At most this many sites loaded, beyond the ones requests hold. */
  max: number;
  /** A site not asked for in this long is unloaded by unloadIdle(); 0: never. */
  idleMs: number;
  /** The front settings of a site, when it has an origin (its records carry them). */
  frontOf?: (site: ServedSite) => FrontSettings | undefined;
  now?: () => number;
}

export function loadedSites(options: LoadedSitesOptions): LoadedSites {
  const { load, failed, released, max, idleMs, now = Date.now, frontOf = () => undefined } = options;
  const opened = new Map<string, Opened>();
  let asks = 0;
  /** The entry of each key let go while requests hold it (older ones close as their requests end). */
  const held = new Map<string, Opened>();
  let closed = false;

  const shut = (entry: Opened): void => {
    const { key } = entry.site;
    if (held.get(key) === entry) held.delete(key);
    void entry.opening.then((content) => content?.close());
    if (!opened.has(key)) released(key);
  };
  const current = (entry: Opened): boolean => opened.get(entry.site.key) === entry;
  const unload = (entry: Opened): void => {
    opened.delete(entry.site.key);
    shut(entry);
  };
  /** Past `max`, the least recently asked for that are loaded and free go; one still loading stays. */
  const keepWithinMax = (): void => {
    const over = opened.size - max;
    if (over <= 0) return;
    const free = [...opened.values()].filter((entry) => entry.users === 0 && entry.content);
    for (const entry of free.sort((a, b) => a.order - b.order).slice(0, over)) unload(entry);
  };

  const open = (site: ServedSite): Opened => {
    const entry: Opened = {
      site,
      opening: Promise.resolve(undefined),
      content: undefined,
      record: undefined,
      users: 0,
      asked: now(),
      order: ++asks,
      recordOf: (served) => {
        if (entry.record?.site === served) return entry.record;
        const { content } = entry;
        return content && (entry.record = new SiteRecord(served, content, frontOf(served)));
      },
      end: () => {
        entry.users -= 1;
        if (entry.users > 0) return;
        if (!current(entry)) shut(entry);
        // Every loaded site was held when the last one loaded: the bound is kept now one is free.
        else if (opened.size > max) keepWithinMax();
      },
    };
    entry.opening = load(site).then(
      (content) => {
        if (closed || (!current(entry) && entry.users === 0)) {
          content.close();
          return undefined;
        }
        entry.content = content;
        keepWithinMax();
        return content;
      },
      (error: unknown) =>
        failed(site, error).then(() => {
          if (current(entry)) opened.delete(site.key);
          return undefined;
        }),
    );
    opened.set(site.key, entry);
    return entry;
  };
  const entryOf = (site: ServedSite): Opened => opened.get(site.key) ?? open(site);

  return {
    contentOf: (site) => entryOf(site).opening,
    loaded: (key) => opened.get(key)?.content ?? held.get(key)?.content,
    heldSite: (key) => held.get(key)?.site,
    hold(site) {
      const entry = entryOf(site);
      entry.users += 1;
      entry.asked = now();
      // Asked for last: the end of the order the bound unloads from. Not by moving the site to the
      // end of `opened`: a key deleted and set again on every request lengthens its chain in V8's
      // hash table until the table is rebuilt, so a site asked for again and again paid a walk of up
      // to as many entries as sites are loaded (about 1 µs a request at 1 000 sites).
      entry.order = ++asks;
      return entry;
    },
    askedSince: (since) => [...opened.values()].filter((entry) => entry.asked >= since).map((entry) => entry.site.key),
    letGo(key) {
      const entry = opened.get(key);
      if (!entry) return;
      opened.delete(key);
      if (entry.users === 0) return shut(entry);
      // An older entry held here closes itself when its last request ends.
      held.set(key, entry);
    },
    unloadIdle() {
      if (idleMs === 0) return [];
      const since = now() - idleMs;
      const idle = [...opened.values()].filter((entry) => entry.asked < since && entry.users === 0 && entry.content);
      for (const entry of idle) unload(entry);
      return idle.map((entry) => entry.site.key);
    },
    openedSite: (key) => opened.get(key)?.site,
    keys: () => [...opened.keys()],
    close() {
      closed = true;
      for (const entry of [...opened.values(), ...held.values()])
        void entry.opening.then((content) => content?.close());
      opened.clear();
      held.clear();
    },
  };
}
