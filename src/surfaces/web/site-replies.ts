// How the site answers: HTML with its security headers, markdown twins with their Link headers,
// and the site's status pages (404, 405, 500) in the form the client asked for.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pageUrls } from '../../domain/content/urls.ts';
import { FixedBody, sendFixed } from '../../http/fixed-body.ts';
import { contentUsageHeader } from '../../http/content-usage.ts';
import type { CacheNamespace } from '../../cache/response-cache.ts';
import { htmlType, markdownType, pageBodies, siteBodies } from './page-bodies.ts';
import type { SiteDeps } from './deps.ts';
import { htmlCsp } from './layout.ts';
import { prefersMarkdown } from './negotiate.ts';
import { notFoundHtml, statusPageHtml, statusPageMarkdown } from './not-found.ts';
import { type PageLinks, pageLinks } from './page-links.ts';
import type { ServedPage } from './served-pages.ts';

type StatusCode = 404 | 405 | 500;

export interface SiteReplies {
  /** A page's HTML body, made on first request (one function for every site, page-bodies.ts). */
  pageHtml: ReturnType<typeof pageBodies>['html'];
  /** The site's other kept bodies (documents, the developer page with its self-audit). */
  kept: CacheNamespace<FixedBody>;
  links: PageLinks;
  /** Every page and document says how its content may be used (AIPREF), as robots.txt does. */
  withUsage: (reply: FastifyReply) => FastifyReply;
  htmlBody: (html: string) => FixedBody;
  sendHtml: (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    body: FixedBody | Promise<FixedBody>,
  ) => Promise<FastifyReply>;
  sendMarkdown: (request: FastifyRequest, reply: FastifyReply, served: ServedPage) => Promise<FastifyReply>;
  notFound: (request: FastifyRequest, reply: FastifyReply, status?: StatusCode) => Promise<FastifyReply>;
  /** A page's Link headers for its HTML and for its markdown twin, each written once. */
  linksOf: (served: ServedPage) => string;
  twinLinksOf: (served: ServedPage) => string;
}

export function siteReplies(deps: SiteDeps): SiteReplies {
  const { config, responseCache: cache } = deps;
  // Every body below is fixed while the process runs: each is made (and compressed) once, when
  // first asked for. Pages render lazily (start-up must not grow with 10 000 case studies).
  const bodies = pageBodies(config.baseUrl, cache);
  const kept = siteBodies(cache);
  const links = pageLinks(config);
  const withUsage = contentUsageHeader(config);
  const htmlBody = (html: string): FixedBody => new FixedBody(html, htmlType, cache);
  const errorPages = statusPages(deps, htmlBody);
  const { linksOf, twinLinksOf } = pageLinkHeaders(deps, links);

  const sendHtml = htmlSender(withUsage);
  const sendMarkdown: SiteReplies['sendMarkdown'] = (request, reply, served) =>
    sendFixed(
      request,
      withUsage(reply).header('x-content-type-options', 'nosniff').header('link', twinLinksOf(served)),
      bodies.markdown(served),
    );
  const notFound: SiteReplies['notFound'] = (request, reply, status = 404) => {
    reply.header('vary', 'Accept');
    const page = errorPages[status];
    if (prefersMarkdown(request.headers.accept))
      return sendFixed(request, withUsage(reply).code(status), page.markdown);
    return sendHtml(request, reply, status, page.html);
  };
  const pageHtml = bodies.html;
  return { pageHtml, kept, links, withUsage, htmlBody, sendHtml, sendMarkdown, notFound, linksOf, twinLinksOf };
}

// One sender per Content-Usage setter, shared by every site (that setter is shared too): with many
// sites, each site's own would be one more object a page reads out of the processor's caches.
const htmlSenders = new Map<(reply: FastifyReply) => FastifyReply, SiteReplies['sendHtml']>();

function htmlSender(withUsage: (reply: FastifyReply) => FastifyReply): SiteReplies['sendHtml'] {
  let send = htmlSenders.get(withUsage);
  if (send) return send;
  send = async (request, reply, status, body) =>
    sendFixed(
      request,
      withUsage(reply)
        .code(status)
        .header('content-security-policy', htmlCsp)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'strict-origin-when-cross-origin'),
      body instanceof FixedBody ? body : await body,
    );
  htmlSenders.set(withUsage, send);
  return send;
}

// Rendered once: the 500 page must not depend on what may have just failed.
function statusPages(
  deps: SiteDeps,
  htmlBody: (html: string) => FixedBody,
): Record<StatusCode, { html: FixedBody; markdown: FixedBody }> {
  const statusBodies = (html: string, markdown: string): { html: FixedBody; markdown: FixedBody } => ({
    html: htmlBody(html),
    markdown: new FixedBody(markdown, markdownType, deps.responseCache),
  });
  return {
    404: statusBodies(notFoundHtml(deps, '/404'), statusPageMarkdown(deps, 404)),
    405: statusBodies(statusPageHtml(deps, 405), statusPageMarkdown(deps, 405)),
    500: statusBodies(statusPageHtml(deps, 500), statusPageMarkdown(deps, 500)),
  };
}

function pageLinkHeaders(deps: SiteDeps, links: PageLinks): Pick<SiteReplies, 'linksOf' | 'twinLinksOf'> {
  const { baseUrl } = deps.config;
  const linksOf = (served: ServedPage): string => {
    if (served.htmlLinks !== undefined) return served.htmlLinks;
    let value = links.html(pageUrls(baseUrl, served.page).markdown_url);
    if (served.page.path === '/') value += `, <${baseUrl}/.well-known/api-catalog>; rel="api-catalog"`;
    served.htmlLinks = value;
    return value;
  };
  const twinLinksOf = (served: ServedPage): string => {
    if (served.twinLinks !== undefined) return served.twinLinks;
    const { url, markdown_url: markdownUrl } = pageUrls(baseUrl, served.page);
    served.twinLinks = links.markdown(url, markdownUrl);
    return served.twinLinks;
  };
  return { linksOf, twinLinksOf };
}
