// The content folder while the service runs: loaded at start-up, then looked at every
// CONTENT_POLL_SECONDS and loaded again when its files changed and have settled. The folder, its
// search index, the ask over it and the import's address record are built in full before any request
// sees them, then replaced together; a folder that fails to load leaves the last good one in place
// (the reason is logged). What the response cache kept from the folder is dropped with each change
// (`dropCached`), so nothing made from the old folder is answered again.
import type { Config } from '../config/config.ts';
import type { Ask } from '../domain/ask/engine.ts';
import { createLanguageAsk } from '../domain/ask/language-ask.ts';
import type { ContentCatalog } from '../domain/content/catalog.ts';
import { liveContent } from '../domain/content/live-content.ts';
import { loadContent } from '../domain/content/loader.ts';
import { createSearch, type SiteSearch } from '../domain/search/index.ts';
import type { Logger } from '../kernel/logger.ts';
import { type ImportedAddresses, readImportedAddresses } from '../surfaces/front/imported-addresses.ts';
import { type PageValidators, readManifest } from '../importer/write-folder.ts';
import { folderFingerprint } from './folder-fingerprint.ts';
import { contentStartError } from './startup-errors.ts';

/** One loaded folder and everything built from it, replaced as one. */
interface Loaded {
  content: ContentCatalog;
  search: SiteSearch;
  ask: Ask;
  imported: ImportedAddresses;
  validators: Record<string, PageValidators>;
  fingerprint: string;
}

export interface SiteContent {
  /** Views that read the folder loaded last (handed to every surface, capability and index). */
  content: ContentCatalog;
  search: SiteSearch;
  ask: Ask;
  imported: ImportedAddresses;
  /**
   * The import's record of the folder loaded now: replaced whole when the folder is loaded again,
   * so read it each time (`imported` does). With many sites a request reads it through its site's
   * content, one object fewer out of the processor's caches than through `imported`.
   */
  readonly addresses: ImportedAddresses;
  /**
   * The folder loaded now, as `content` shows it: replaced whole when the folder is loaded again, so
   * read it each time. With many sites the site's views read it here, a few objects fewer out of the
   * processor's caches than through the view.
   */
  readonly catalog: ContentCatalog;
  /** The validators the import recorded for the page the origin serves at `originPath` (front mode compares them). */
  validatorsOf(originPath: string): PageValidators | undefined;
  /** Loads the folder now if it changed since it was last loaded; false when it failed (the last good one stays). */
  reload(): Promise<boolean>;
  /**
   * One look at the folder: a change is loaded once two looks in a row agree. The content's own
   * timer looks every CONTENT_POLL_SECONDS; with that at 0, the owner looks when it chooses (the
   * sites of SITES_DIR are looked at while they are asked for).
   */
  look(): Promise<void>;
  /** Stops looking at the folder. */
  close(): void;
}

/** `dropCached` drops what the response cache kept from this folder: all of it for the single site, one site's with SITES_DIR. */
export async function openSiteContent(config: Config, logger: Logger, dropCached: () => void): Promise<SiteContent> {
  const dir = config.contentDir;
  let loaded = await load(dir, config.baseUrl).catch((error: unknown) => {
    throw contentStartError(dir, error);
  });
  const live = liveContent(loaded.content);
  /** The files of the last folder that failed to load: tried (and logged) once, not at every look. */
  let failed: string | undefined;
  let running: Promise<boolean> | undefined;
  const reloadOnce = async (seen?: string): Promise<boolean> => {
    try {
      const fingerprint = seen ?? (await folderFingerprint(dir));
      if (fingerprint === loaded.fingerprint) return true;
      if (fingerprint === failed) return false;
      failed = fingerprint;
      const next = await load(dir, config.baseUrl, fingerprint);
      loaded = next;
      live.swap(next.content);
      site.addresses = next.imported;
      site.catalog = next.content;
      dropCached();
      const { pages, caseStudies } = next.content;
      logger.info({ pages: pages.length, caseStudies: caseStudies.length }, 'content folder loaded again');
      return true;
    } catch (error) {
      const reason = contentStartError(dir, error).message;
      logger.warn({ reason }, 'content folder not loaded again; the last good one is served');
      return false;
    }
  };
  // One load at a time; a reload asked for while one runs waits for it, then looks again (unless the
  // caller took the folder's fingerprint itself: a look hands over the one it just took).
  const reload = (fingerprint?: string): Promise<boolean> => {
    const once = (): Promise<boolean> => reloadOnce(fingerprint);
    const after = running ?? Promise.resolve(true);
    const next = after.then(once, once);
    running = next;
    void next.finally(() => running === next && (running = undefined));
    return next;
  };
  const known = (fingerprint: string): boolean => fingerprint === loaded.fingerprint || fingerprint === failed;
  const look = folderLook(dir, known, reload);
  const stopPolling = pollFolder(config.contentPollSeconds, look);
  // `addresses` and `catalog` are plain fields, set again with each load (a getter would read two
  // more objects).
  const site: SiteContent & { addresses: ImportedAddresses; catalog: ContentCatalog } = {
    addresses: loaded.imported,
    catalog: loaded.content,
    content: live.view,
    search: {
      search: (query, options) => loaded.search.search(query, options),
      searchWithTotal: (query, options) => loaded.search.searchWithTotal(query, options),
      listCaseStudies: (caseStudy, limit, skip) => loaded.search.listCaseStudies(caseStudy, limit, skip),
      inLanguage: (language) => loaded.search.inLanguage(language),
    },
    ask: (input) => loaded.ask(input),
    imported: {
      originOf: (path) => loaded.imported.originOf(path),
      contentOf: (path) => loaded.imported.contentOf(path),
      moved: () => loaded.imported.moved(),
    },
    validatorsOf: (originPath) =>
      Object.hasOwn(loaded.validators, originPath) ? loaded.validators[originPath] : undefined,
    reload: () => reload(),
    look,
    close: stopPolling,
  };
  return site;
}

// The fingerprint is taken before the files are read: a change made while loading is seen by the next look.
async function load(dir: string, baseUrl: string, fingerprint?: string): Promise<Loaded> {
  fingerprint ??= await folderFingerprint(dir);
  const content = await loadContent(dir);
  const search = createSearch(content);
  const imported = await readImportedAddresses(dir);
  const validators = (await readManifest(dir))?.validators ?? {};
  return { content, search, ask: createLanguageAsk({ content, search, baseUrl }), imported, validators, fingerprint };
}

/**
 * One look at the folder; a change is loaded once two looks in a row agree, so an import still
 * writing its files is not loaded half-written. A look asked for while one runs is skipped.
 */
function folderLook(
  dir: string,
  known: (fingerprint: string) => boolean,
  reload: (fingerprint: string) => Promise<boolean>,
): () => Promise<void> {
  let previous: string | undefined;
  let looking: Promise<void> | undefined;
  return () => {
    looking ??= folderFingerprint(dir)
      // An unreadable folder is reported by reload (it fails the same way); here it only waits.
      .catch(() => 'unreadable')
      .then(async (now) => {
        if (now === previous && !known(now)) await reload(now);
        previous = now;
      })
      .finally(() => {
        looking = undefined;
      });
    return looking;
  };
}

/** Looks at the folder every `seconds` (0: never); returns the function that stops it. */
function pollFolder(seconds: number, look: () => Promise<void>): () => void {
  if (seconds === 0) return () => {};
  const timer = setInterval(() => void look(), seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
