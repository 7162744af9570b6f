// The origin's response headers as the front passes them on: end-to-end ones unchanged (upstream.ts
// has already dropped hop-by-hop and malformed ones), except that a cookie the origin sets for one
// of the product's own paths is dropped, and an HTML page gains the discovery Link headers the
// product's own pages carry (its markdown twin, llms.txt, ARD; api-catalog on /).
import type { Page } from '../../domain/content/types.ts';
import { pageUrls } from '../../domain/content/urls.ts';
import { ownedByProduct } from './owned-paths.ts';

export interface DiscoveryLinks {
  /** An HTML page's Link naming its markdown twin, llms.txt and the ARD catalog. */
  html(markdownUrl: string): string;
  /** llms.txt and the ARD catalog, for a page the imported content has no twin of. */
  shared: string;
}

type Fields = Record<string, string | string[]>;

/**
 * The headers a response for `path` (the path asked of the origin) carries to the client: the
 * answer's own, changed in place (each answer's headers are its own, upstream.ts and the cache make them).
 */
export type RewriteHeaders = (headers: Fields, path: string) => Fields;

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
  return (headers, path) => {
    const setCookie = headers['set-cookie'];
    if (setCookie !== undefined) {
      const cookies = [setCookie].flat().filter((cookie) => !ownedByProduct(cookiePath(cookie, path)));
      if (cookies.length > 0) headers['set-cookie'] = cookies;
      else delete headers['set-cookie'];
    }
    const type = headers['content-type'];
    if (typeof type === 'string' && /^text\/html\b/i.test(type)) {
      const own = linksOf(path);
      headers.link = headers.link ? `${[headers.link].flat().join(', ')}, ${own}` : own;
      // The same address answers markdown to an agent that asks for it.
      headers.vary = headers.vary ? `${[headers.vary].flat().join(', ')}, Accept` : 'Accept';
    }
    return headers;
  };
}

/**
 * The path a browser files a cookie under (RFC 6265 5.2.4 and 5.1.4): the last Path attribute, names
 * read without case and around spaces; without one that starts with "/", the asked path's folder.
 */
export function cookiePath(cookie: string, requestPath: string): string {
  let path: string | undefined;
  for (const attribute of cookie.split(';').slice(1)) {
    const equals = attribute.indexOf('=');
    const name = (equals === -1 ? attribute : attribute.slice(0, equals)).trim().toLowerCase();
    if (name === 'path') path = equals === -1 ? '' : attribute.slice(equals + 1).trim();
  }
  if (!path?.startsWith('/')) {
    const folder = requestPath.lastIndexOf('/');
    path = folder <= 0 ? '/' : requestPath.slice(0, folder);
  }
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
