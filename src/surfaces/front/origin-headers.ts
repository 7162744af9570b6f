// The origin's response headers as the front passes them on: unchanged, except that a cookie the
// origin sets for one of the product's own paths is dropped, and an HTML page gains the discovery
// Link headers the product's own pages carry (its markdown twin, llms.txt, ARD; api-catalog on /).
import type { IncomingHttpHeaders } from 'node:http';
import type { Page } from '../../domain/content/types.ts';
import { pageUrls } from '../../domain/content/urls.ts';
import { ownedByProduct, pathOf } from './owned-paths.ts';

export interface DiscoveryLinks {
  /** An HTML page's Link naming its markdown twin, llms.txt and the ARD catalog. */
  html(markdownUrl: string): string;
  /** llms.txt and the ARD catalog, for a page the imported content has no twin of. */
  shared: string;
}

export type RewriteHeaders = (headers: IncomingHttpHeaders, request?: { url: string }) => IncomingHttpHeaders;

/** `twinOf`: the imported page an address is (routing.ts), whose markdown twin the Link names. */
export function originHeaders(
  baseUrl: string,
  twinOf: (path: string) => Page | undefined,
  links: DiscoveryLinks,
): RewriteHeaders {
  const linksOf = (path: string): string => {
    const twin = twinOf(path);
    const own = twin ? links.html(pageUrls(baseUrl, twin).markdown_url) : links.shared;
    return path === '/' ? `${own}, <${baseUrl}/.well-known/api-catalog>; rel="api-catalog"` : own;
  };
  return (headers, request) => {
    const rewritten = { ...headers };
    const cookies = headers['set-cookie']?.filter((cookie) => !ownedByProduct(cookiePath(cookie)));
    if (cookies?.length) rewritten['set-cookie'] = cookies;
    else delete rewritten['set-cookie'];
    if (/^text\/html\b/i.test(headers['content-type'] ?? '')) {
      const own = linksOf(pathOf(request?.url ?? '/'));
      rewritten.link = headers.link ? `${headers.link}, ${own}` : own;
      // The same address answers markdown to an agent that asks for it.
      rewritten.vary = headers.vary ? `${headers.vary}, Accept` : 'Accept';
    }
    return rewritten;
  };
}

/** A Set-Cookie's Path attribute ("/" when it has none that starts with "/", as browsers default it close enough). */
function cookiePath(cookie: string): string {
  const path = /;\s*path=([^;]*)/i.exec(cookie)?.[1]?.trim();
  if (!path?.startsWith('/')) return '/';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
