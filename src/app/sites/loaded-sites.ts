// The loaded content of the sites of SITES_DIR. A site's folder is loaded when first needed, and held
// while requests for it run: a site removed, or served at other addresses, is let go only once the
// requests that began before have ended, so a request is answered by the site it arrived for, never
// dropped half-way because its site changed under it.
import type { ServedSite } from '../../domain/sites/registry.ts';
import type { SiteContent } from '../site-content.ts';

/** One site's content, loading or loaded, with the requests that hold it. */
interface Opened {
  site: ServedSite;
  opening: Promise<SiteContent | undefined>;
  content?: SiteContent;
  users: number;
}

export interface LoadedSites {
  /** The site's content, loading it first if needed; undefined when it does not load. */
  contentOf(site: ServedSite): Promise<SiteContent | undefined>;
  /** The content of the site with this key, loaded now (the one let go last while requests still hold it). */
  loaded(key: string): SiteContent | undefined;
  /** A site let go while requests still hold it: they read it until they end. */
  heldSite(key: string): ServedSite | undefined;
  /** Holds the site's content (loading it if needed) until the returned function is called. */
  hold(site: ServedSite): () => void;
  /** Lets the site's content go: at once, or when the last request holding it ends. */
  letGo(key: string): void;
  /** The site currently loaded (or loading) under `key`, as it was opened. */
  openedSite(key: string): ServedSite | undefined;
  /** The keys of the sites whose content is loaded or loading. */
  keys(): string[];
  /** Closes every site's content. */
  close(): void;
}

/**
 * `load` opens one site's content; `failed` hears of a site whose content did not load, and once it
 * has settled the site is no longer held as loading (the next request tries again).
 */
export function loadedSites(
  load: (site: ServedSite) => Promise<SiteContent>,
  failed: (site: ServedSite, error: unknown) => Promise<void>,
): LoadedSites {
  const opened = new Map<string, Opened>();
  /** The entry of each key let go while requests hold it (older ones close as their requests end). */
  const held = new Map<string, Opened>();
  let closed = false;

  const shut = (entry: Opened): void => {
    if (held.get(entry.site.key) === entry) held.delete(entry.site.key);
    void entry.opening.then((content) => content?.close());
  };
  const current = (entry: Opened): boolean => opened.get(entry.site.key) === entry;

  const open = (site: ServedSite): Opened => {
    const entry: Opened = { site, opening: Promise.resolve(undefined), users: 0 };
    entry.opening = load(site).then(
      (content) => {
        if (closed || (!current(entry) && entry.users === 0)) {
          content.close();
          return undefined;
        }
        entry.content = content;
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
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        entry.users -= 1;
        if (entry.users === 0 && !current(entry)) shut(entry);
      };
    },
    letGo(key) {
      const entry = opened.get(key);
      if (!entry) return;
      opened.delete(key);
      if (entry.users === 0) return shut(entry);
      // An older entry held here closes itself when its last request ends.
      held.set(key, entry);
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
