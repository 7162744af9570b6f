// Where each page of the site goes in the content folder. The page keeps its address as far as the
// content format allows: lowercase letters, digits and hyphens, no ".html", "/" for the home page.
// Pages of a section named for services (services, leistungen, consulting, beratung…) become services, with their page in
// pages/services/ and their old address kept as its `path`; pages of a section named for work
// (work, projects, projekte, portfolio, case-studies, referenzen, clients, kunden) become case
// studies, which the format serves beneath their listing page (/projekte/<slug> when the site's
// listing is /projekte; plan-pages.ts settles it once every page is placed). Flat sites name the section in the file
// name instead ("service-single.html", "portfolio-item.html"), which counts as well.

export type Kind = 'home' | 'page' | 'service' | 'case-study';

/** The new address of an origin address that is one of the planned pages. */
export type LocalPath = (url: URL) => string | undefined;

export interface Placement {
  kind: Kind;
  /** The file in the content folder, e.g. "pages/about.md", "case-studies/acme.md". */
  file: string;
  /** Its address in the new site (what links to the old address are rewritten to). */
  path: string;
  /** Set when the file's name alone would give another address (written as front matter `path`). */
  keptPath?: string;
  section: string;
  slug: string;
}

// Consulting firms name their services section for what they do (/consulting/review, /beratung/…).
const serviceWords = new Set([
  'services',
  'service',
  'leistungen',
  'leistung',
  'consulting',
  'beratung',
  'solutions',
  'loesungen',
  'angebot',
  'angebote',
]);
const workWords = new Set([
  'work',
  'works',
  'projects',
  'project',
  'projekte',
  'projekt',
  'portfolio',
  'case-studies',
  'case-study',
  'casestudies',
  'referenzen',
  'referenz',
  'clients',
  'client',
  'kunden',
]);
const listingWords = new Set(['overview', 'all', 'list', 'index', 'uebersicht', 'übersicht']);
/** Pages the format needs under fixed names: a site's own page of that kind takes the name. */
const namedPages: Record<string, string> = {
  about: 'about',
  'about-us': 'about',
  'ueber-uns': 'about',
  'uber-uns': 'about',
  contact: 'contact',
  'contact-us': 'contact',
  kontakt: 'contact',
};

/**
 * Bounds of a content address, so every file name stays far below the file system's 255 bytes and
 * its path below PATH_MAX whatever the origin's address: a longer segment is cut, deeper folders
 * dropped (names are made unique across the site afterwards, and the origin's address is recorded).
 */
const maxSegment = 80;
const maxSegments = 6;

/** The URL path as a content address: "/About_Us.html" → "/about-us", "/" and "/index.html" → "/". */
export function normalisePath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {}
  const parts = decoded
    .toLowerCase()
    .replace(/\/index\.(?:html?|php|aspx?)$/, '/')
    .replace(/\.(?:html?|php|aspx?)$/, '')
    .split('/')
    .map((part) =>
      part
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/ß/g, 'ss')
        .replace(/[^a-z0-9]+/g, '-')
        .slice(0, maxSegment)
        .replace(/^-+|-+$/g, ''),
    )
    .filter(Boolean)
    .slice(0, maxSegments);
  return `/${parts.join('/')}`;
}

/** The placement of one page by its address (before names are made unique across the site). */
export function place(pathname: string): Placement {
  const path = normalisePath(pathname);
  if (path === '/' || path === '/index' || path === '/home')
    return { kind: 'home', file: 'pages/home.md', path: '/', section: 'company', slug: 'home' };
  const segments = path.slice(1).split('/');
  const [first, ...rest] = segments as [string, ...string[]];
  const words = first.split('-');
  const isListing = (set: Set<string>): boolean =>
    set.has(first) || (words.some((word) => set.has(word)) && words.every((w) => set.has(w) || listingWords.has(w)));
  const flatItem = (set: Set<string>): boolean =>
    rest.length === 0 && (set.has(words[0]!) || set.has(words.at(-1)!)) && !isListing(set);
  if (rest.length > 0 ? serviceWords.has(first) : flatItem(serviceWords)) {
    const slug = rest.length > 0 ? joined(rest) : first;
    return withKept({ kind: 'service', file: `pages/services/${slug}.md`, path, section: 'services', slug });
  }
  if (rest.length > 0 ? workWords.has(first) : flatItem(workWords)) {
    const slug = rest.length > 0 ? joined(rest) : first;
    return {
      kind: 'case-study',
      file: `case-studies/${slug}.md`,
      path: rest.length > 0 ? path : `/case-studies/${slug}`,
      section: 'case-studies',
      slug,
    };
  }
  if (rest.length === 0 && isListing(serviceWords)) return listing('services', path);
  if (rest.length === 0 && isListing(workWords)) return listing('case-studies', path);
  if (rest.length === 0 && namedPages[first])
    return withKept({
      kind: 'page',
      file: `pages/${namedPages[first]}.md`,
      path,
      section: 'company',
      slug: namedPages[first],
    });
  return plainPage(path);
}

/** Segments joined into one slug, within the bound of one segment. */
function joined(segments: string[]): string {
  return segments.join('-').slice(0, maxSegment).replace(/-+$/, '');
}

/** A page at its own address, in the section of its first folder (a top-level page is "company"). */
export function plainPage(path: string): Placement {
  const segments = path.slice(1).split('/');
  const slug = segments.join('/') || 'index';
  return {
    kind: 'page',
    file: `pages/${slug}.md`,
    path,
    section: segments.length > 1 ? segments[0]! : 'company',
    slug,
  };
}

function listing(name: 'services' | 'case-studies', path: string): Placement {
  return withKept({ kind: 'page', file: `pages/${name}.md`, path, section: name, slug: name });
}

function withKept(placement: Placement): Placement {
  const natural = `/${placement.file.slice('pages/'.length, -'.md'.length)}`;
  return placement.path === natural ? placement : { ...placement, keptPath: placement.path };
}
