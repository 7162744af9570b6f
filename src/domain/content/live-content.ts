// The content while the process runs: one loaded folder at a time, replaced whole when the folder is
// loaded again. Everyone holds the same view, whose every field reads the folder loaded last, so a
// request never sees half of one folder and half of another within one read; what is derived from
// the content (rendered pages, documents) is made again for each folder through perContent.
import type { ContentCatalog } from './catalog.ts';

/** The content view handed around, and the one place that replaces what it shows. */
export interface LiveContent {
  /** Reads whichever folder was loaded last. */
  view: ContentCatalog;
  /** Makes `next` what every holder of the view reads from now on. */
  swap(next: ContentCatalog): void;
}

const currentOf = new WeakMap<ContentCatalog, () => ContentCatalog>();

// Every field of a catalog: the compiler checks this list against the type, so a new field is not missed.
const fields: Record<keyof ContentCatalog, true> = {
  dir: true,
  site: true,
  sections: true,
  valueProposition: true,
  contact: true,
  services: true,
  reasons: true,
  proofPointsIntro: true,
  proofPoints: true,
  caseStudies: true,
  pages: true,
  skills: true,
  synonyms: true,
  notes: true,
  gaps: true,
  ui: true,
  uiWords: true,
  localized: true,
  logo: true,
  pageBySlug: true,
  pageByPath: true,
  caseStudyBySlug: true,
  serviceBySlug: true,
  pagesInSection: true,
  slugsEndingIn: true,
  fitCheck: true,
  inLanguage: true,
  translationsOf: true,
  derived: true,
};

export function liveContent(first: ContentCatalog): LiveContent {
  let current = first;
  return {
    view: contentView(() => current),
    swap(next) {
      current = next;
    },
  };
}

/**
 * A view whose every field reads the catalog `current()` gives at that moment: the folder loaded
 * last, or with many sites the folder of the site the current request is for.
 */
export function contentView(current: () => ContentCatalog): ContentCatalog {
  const view = {} as ContentCatalog;
  for (const field of Object.keys(fields) as (keyof ContentCatalog)[]) {
    // A field set on the view is set on the folder loaded now, as on a catalog loaded once.
    Object.defineProperty(view, field, {
      enumerable: true,
      configurable: true,
      get: () => current()[field],
      set: (value: never) => {
        current()[field] = value;
      },
    });
  }
  currentOf.set(view, current);
  return view;
}

/** The folder `content` shows now: itself for a catalog loaded once, the latest one for a live view. */
export function contentNow(content: ContentCatalog): ContentCatalog {
  return currentOf.get(content)?.() ?? content;
}

/** The slot of the next perContent in every catalog's `derived`. */
let nextSlot = 0;

/**
 * `make()`, kept while `content` shows the same folder and made again after it changed: rendered
 * pages and documents follow the folder without a restart. With many sites the view shows each
 * site's folder in turn, so one is kept per folder shown (a folder replaced lets its own go).
 */
export function perContent<T>(content: ContentCatalog, make: () => T): () => T {
  // Kept on the catalog itself: one object fewer to read on every call, and gone with the folder.
  const slot = nextSlot++;
  return () => {
    const { derived } = contentNow(content);
    const kept = derived[slot];
    if (kept !== undefined || slot in derived) return kept as T;
    const value = make();
    derived[slot] = value;
    return value;
  };
}
