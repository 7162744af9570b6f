// Names the surface and item of a public HTTP response for agent insight, from the route pattern
// and the status: an item is a page path, a document or an operation that exists (only those
// answer below 400); every other path is the one `not-found` item, so no raw URL is ever kept.
import { notFoundItem, type Surface } from '../domain/insight/dimensions.ts';

export interface RoutedVisit {
  surface: Surface;
  item: string;
}

export interface RouteFacts {
  method: string;
  /** The matched route pattern; undefined when no route matched. */
  route: string | undefined;
  /** Path without the query. */
  path: string;
  status: number;
  /** The response's Content-Type, for pages negotiated as markdown. */
  contentType: string | undefined;
}

const discoveryFiles = new Set(['/robots.txt', '/sitemap.xml', '/auth.md']);
const llmsFiles = new Set(['/llms.txt', '/llms-full.txt']);
/** Assets are not visits: the logo, the icon and everything under /assets/ (the stylesheet). */
const assets = new Set(['/logo.svg', '/favicon.ico']);
const assetFolder = '/assets/';
const agentVersion = /^\/agent(?:\/v\d+)?/;
/** NLWeb's ask is an API operation, whatever it answers (JSON or events). */
const askPath = '/ask';

/** The surface and item of a response, or undefined for what is not counted (assets). */
export function classifyRoute(facts: RouteFacts): RoutedVisit | undefined {
  const { route, path, status } = facts;
  if (assets.has(path) || path.startsWith(assetFolder)) return undefined;
  // A2A is recorded per call, not per request: the call pipeline records each skill call
  // (src/capabilities/pipeline-record.ts) and the agent records its text questions and unknown skills.
  if (path === '/a2a' || path.startsWith('/a2a/')) return undefined;
  const found = route !== undefined && !route.includes('*') && status !== 404 ? path : undefined;
  if (path === '/agent' || path.startsWith('/agent/')) {
    const operation =
      route === undefined || route.endsWith('*') || route.endsWith('/agent') || status === 404
        ? notFoundItem
        : operationOf(facts.method, route);
    return { surface: 'rest', item: operation };
  }
  if (path === askPath)
    return {
      surface: 'rest',
      item: route === askPath && status !== 404 ? operationOf(facts.method, route) : notFoundItem,
    };
  if (path.startsWith('/.well-known/') || discoveryFiles.has(path)) {
    return { surface: 'discovery', item: route !== undefined && status < 400 ? path : notFoundItem };
  }
  if (llmsFiles.has(path)) return { surface: 'llms', item: found ?? notFoundItem };
  if (route === '/markdown/*') {
    return { surface: 'page-markdown', item: status < 400 ? markdownPagePath(path) : notFoundItem };
  }
  const surface: Surface = facts.contentType?.startsWith('text/markdown') ? 'page-markdown' : 'page-html';
  // Page routes are catch-alls: only a page that exists answers below 400 (a 301 drops a trailing slash).
  if (route === '/' || route === '/*')
    return { surface, item: status < 400 ? withoutTrailingSlash(path) : notFoundItem };
  return { surface, item: route !== undefined && status !== 404 ? route : notFoundItem };
}

// A path that is its route's own pattern (no parameter, no wildcard) classifies the same way every
// time for a method, status and markdown-or-not: each such answer is worked out once (per-request
// string building was most of recording's cost on /agent/health).
const byRoute = new Map<string, Map<string, Map<number, RoutedVisit | null>>>();

/** classifyRoute, remembered for requests whose path is their route's fixed pattern. */
export function classifyCached(facts: RouteFacts): RoutedVisit | undefined {
  const { route } = facts;
  if (route === undefined || route !== facts.path) return classifyRoute(facts);
  let byMethod = byRoute.get(route);
  if (!byMethod) byRoute.set(route, (byMethod = new Map()));
  let byStatus = byMethod.get(facts.method);
  if (!byStatus) byMethod.set(facts.method, (byStatus = new Map()));
  const key = facts.status * 2 + (facts.contentType?.startsWith('text/markdown') ? 1 : 0);
  let visit = byStatus.get(key);
  if (visit === undefined) byStatus.set(key, (visit = classifyRoute(facts) ?? null));
  return visit ?? undefined;
}

// Route patterns and methods are few and fixed: each operation name is built once.
const operations = new Map<string, string>();
function operationOf(method: string, route: string): string {
  const key = `${method} ${route}`;
  let name = operations.get(key);
  if (name === undefined) operations.set(key, (name = `${method} ${route.replace(agentVersion, '') || '/'}`));
  return name;
}

/** "/about/" is the page "/about" (a 301 leads there); most paths end otherwise and are kept as they are. */
function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.replace(/(?<=.)\/+$/, '') : path;
}

/** `/markdown/home.md` is the home page `/`; `/markdown/services/seo.md` is `/services/seo`. */
function markdownPagePath(path: string): string {
  const slug = path.slice('/markdown/'.length, -'.md'.length);
  return slug === 'home' ? '/' : `/${slug}`;
}
