// Every page by its path, in HTML or (by Accept) as its markdown twin, and the twin beside it at
// "<page>.md" and "<page>.html.md". Pages are looked up in a map built from the loaded content
// folder, so odd paths can only ever miss (404). The twin is answered the same way here and at its
// /markdown/ address (markdown-routes.ts): sendTwin.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { twinBase } from '../../domain/content/urls.ts';
import { caseStudyIndexHtml } from './case-study-routes.ts';
import { contactMain } from './contact-page.ts';
import { contactPrefill } from './contact-prefill.ts';
import type { SiteDeps } from './deps.ts';
import { prefersMarkdown } from './negotiate.ts';
import type { CurrentSite, SiteParts } from './current-site.ts';
import { pageLayout } from './served-pages.ts';
import type { ServedPage } from './served-pages.ts';

// Paths owned by other parts of the service: unknown ones there get the app's own 404 (JSON).
const foreignPrefix = /^\/(?:agent|api|mcp|\.well-known)(?:\/|$)/;
const pagePath = /^\/[a-z0-9/-]*$/;
/** Pages and twins change only with content: a cache in front may reuse them for five minutes. */
const pageCaching = 'public, max-age=300';

/** The request's path, without its query string. */
export function pathOf(request: FastifyRequest): string {
  const query = request.url.indexOf('?');
  return query === -1 ? request.url : request.url.slice(0, query);
}

/** A page's markdown twin; /developers's carries the latest self-audit (developers-reply.ts). */
export function sendTwin(
  { pages, replies, sendDevelopers }: SiteParts,
  request: FastifyRequest,
  reply: FastifyReply,
  served: ServedPage,
): Promise<FastifyReply> {
  return served === pages.developers && sendDevelopers
    ? sendDevelopers(request, reply, served, true)
    : replies.sendMarkdown(request, reply.header('cache-control', pageCaching), served);
}

export function registerPageRoutes(app: FastifyInstance, deps: SiteDeps, site: CurrentSite): void {
  const pageHandler = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const parts = site();
    const { pages, replies, sendDevelopers } = parts;
    const { pageHtml, htmlBody, sendHtml, notFound, linksOf } = replies;
    const path = pathOf(request);
    // A page's own path is answered at once; the checks below are for every other path.
    const served = pages.byPath.get(path);
    if (!served) {
      // The twin beside the page ("/about.md", "/about.html.md", "/index.md"): the same markdown as /markdown/.
      const twin = pages.byPath.get(twinBase(path) ?? '');
      if (twin) return sendTwin(parts, request, reply, twin);
      // Other parts' paths and addresses no page can have get the site's one unrouted answer.
      if (foreignPrefix.test(path) || !pagePath.test(path)) {
        reply.callNotFound();
        return reply;
      }
      if (path.length > 1 && path.endsWith('/') && pages.byPath.has(path.replace(/\/+$/, ''))) {
        return reply.redirect(path.replace(/\/+$/, ''), 301);
      }
      return notFound(request, reply);
    }
    reply.header('vary', 'Accept');
    // The markdown twin is cached as its /markdown/ address is, so a cache in front revalidates it too.
    if (prefersMarkdown(request.headers.accept)) return sendTwin(parts, request, reply, served);
    if (served === pages.developers && sendDevelopers) return sendDevelopers(request, reply, served);
    // The Link header linksOf kept on the page when first asked (its own function is the site's).
    reply.header('link', served.htmlLinks ?? linksOf(served)).header('cache-control', pageCaching);
    // A page without a query string is its kept body: the site's settings need not be read.
    if (path === request.url) return sendHtml(request, reply, 200, pageHtml(served));
    // The case-study index with filters or a page number is its own (kept) page.
    const { paths } = deps.content.site;
    if (path === paths.caseStudies) {
      const variant = caseStudyIndexHtml(deps, pages, served.page, request.query as Record<string, unknown>);
      return sendHtml(request, reply, variant.status, variant.body);
    }
    // The contact form reached from an audit report opens with the audited site named; not kept.
    const prefill =
      path === paths.contact
        ? contactPrefill(request.query as Record<string, unknown>, deps.config.baseUrl)
        : undefined;
    if (prefill) {
      return sendHtml(
        request,
        reply.header('cache-control', 'no-store'),
        200,
        htmlBody(pageLayout(deps, served.page, contactMain(deps, served.page, prefill))),
      );
    }
    return sendHtml(request, reply, 200, pageHtml(served));
  };
  app.get('/', pageHandler);
  app.get('/*', pageHandler);
}
