// In front mode, which paths the product answers itself; every other path belongs to the origin.
// The one list of them: the routing (route.ts) and the cookie guard (origin-headers.ts) both read it.

/** Whole trees: the API, A2A, discovery documents, markdown twins, kept audit reports. */
const ownedTrees = ['/agent', '/a2a', '/.well-known', '/markdown', '/audits'];

/** Single addresses: the agents' documents, the ask, the audit and developer pages, robots.txt. */
const ownedPaths = new Set([
  '/llms.txt',
  '/llms-full.txt',
  '/auth.md',
  '/robots.txt',
  // The origin's own sitemap, read and kept by the product (sitemap.ts), never the import's pages.
  '/sitemap.xml',
  '/ask',
  '/audit',
  '/developers',
  // The product's own pages above need their stylesheet and logo; the form they post to.
  '/logo.svg',
  '/api/contact',
]);

/** The product's stylesheet: its name carries its digest, so no origin asset takes its address. */
const productStylesheet = /^\/assets\/site-[A-Za-z0-9_-]+\.css$/;

/** Whether `path` (no query) is answered by the product rather than passed to the origin. */
export function ownedByProduct(path: string): boolean {
  if (ownedPaths.has(path) || productStylesheet.test(path)) return true;
  // Asked several times for every request: read in place, without building a string per tree.
  for (const tree of ownedTrees)
    if (path.startsWith(tree) && (path.length === tree.length || path.charCodeAt(tree.length) === slash)) return true;
  return false;
}

const slash = 0x2f;

/** The path of a request target, without its query. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
