// Registers the site for people and agents: HTML pages with markdown negotiation, /markdown/*
// mirrors, llms.txt, llms-full.txt, auth.md, robots.txt, sitemap.xml and site search.
// Pages are looked up in maps built at start-up, so odd paths can only ever miss (404).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageUrls } from '../../domain/content/urls.ts';
import { authMarkdown } from './auth-md.ts';
import { robotsTxt, sitemapXml } from './crawl.ts';
import type { SiteDeps } from './deps.ts';
import { absolutizeLinks } from './html.ts';
import { htmlCsp } from './layout.ts';
import { llmsFullTxt, llmsTxt } from './llms.ts';
import { logoSvg } from './logo.ts';
import { prefersMarkdown } from './negotiate.ts';
import { notFoundHtml, searchHtml, statusPageHtml, statusPageMarkdown } from './not-found.ts';
import type { Logger } from '../../logger.ts';
import { registerUnrouted } from '../unrouted.ts';
import { buildServedPages, type ServedPage } from './served-pages.ts';

export type { SiteDeps } from './deps.ts';
export { renderContactResult, renderContactForm, type ContactResult, type ContactFormValues } from './contact-form.ts';

// Paths owned by other parts of the service: unknown ones there get the app's own 404 (JSON).
const foreignPrefix = /^\/(?:agent|api|mcp|\.well-known)(?:\/|$)/;
const pagePath = /^\/[a-z0-9/-]*$/;
const markdownPath = /^\/markdown\/([a-z0-9-]+(?:\/[a-z0-9-]+)*)\.md$/;
const markdownType = 'text/markdown; charset=utf-8';

export function registerSiteRoutes(app: FastifyInstance, deps: SiteDeps): void {
  const { config, content } = deps;
  const pages = buildServedPages(deps);
  const text = {
    llms: llmsTxt(config, content),
    llmsFull: llmsFullTxt(config, content, pages.all),
    auth: authMarkdown(config, content),
    robots: robotsTxt(config),
    sitemap: sitemapXml(config, content, pages.all.map((served) => served.page)),
  };

  const sendHtml = (reply: FastifyReply, status: number, html: string): FastifyReply => reply.code(status)
    .header('content-type', 'text/html; charset=utf-8').header('content-security-policy', htmlCsp)
    .header('x-content-type-options', 'nosniff').header('referrer-policy', 'strict-origin-when-cross-origin').send(html);
  const sendMarkdown = (reply: FastifyReply, served: ServedPage): FastifyReply => reply
    .header('content-type', markdownType).header('x-content-type-options', 'nosniff')
    .header('link', `<${pageUrls(config.baseUrl, served.page).url}>; rel="canonical"`)
    .send(absolutizeLinks(served.markdown, config.baseUrl));
  // Rendered once: the 500 page must not depend on what may have just failed.
  const errorPages = {
    404: [notFoundHtml(deps, '/404'), statusPageMarkdown(deps, 404)],
    405: [statusPageHtml(deps, 405), statusPageMarkdown(deps, 405)],
    500: [statusPageHtml(deps, 500), statusPageMarkdown(deps, 500)],
  } as const;
  const notFound = (request: FastifyRequest, reply: FastifyReply, status: 404 | 405 | 500 = 404): FastifyReply => {
    reply.header('vary', 'Accept');
    const [html, markdown] = errorPages[status];
    if (prefersMarkdown(request.headers.accept)) return reply.code(status).header('content-type', markdownType).send(markdown);
    return sendHtml(reply, status, html);
  };

  const pageHandler = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const path = request.url.split('?')[0] ?? '';
    // Other parts' paths and addresses no page can have get the site's one unrouted answer.
    if (foreignPrefix.test(path) || !pagePath.test(path)) {
      reply.callNotFound();
      return reply;
    }
    if (path.length > 1 && path.endsWith('/') && pages.byPath.has(path.replace(/\/+$/, ''))) {
      return reply.redirect(path.replace(/\/+$/, ''), 301);
    }
    const served = pages.byPath.get(path);
    if (!served) return notFound(request, reply);
    reply.header('vary', 'Accept');
    if (prefersMarkdown(request.headers.accept)) return sendMarkdown(reply, served);
    const urls = pageUrls(config.baseUrl, served.page);
    const links = [`<${urls.markdown_url}>; rel="alternate"; type="text/markdown"`];
    if (served.page.path === '/') links.push(`<${config.baseUrl}/.well-known/api-catalog>; rel="api-catalog"`);
    reply.header('link', links.join(', ')).header('cache-control', 'public, max-age=300');
    return sendHtml(reply, 200, served.html);
  };
  app.get('/', pageHandler);
  app.get('/*', pageHandler);

  app.get('/markdown/*', async (request, reply) => {
    const match = markdownPath.exec(request.url.split('?')[0] ?? '');
    const served = match ? pages.bySlug.get(match[1]!) : undefined;
    if (!served) return notFound(request, reply);
    return sendMarkdown(reply.header('cache-control', 'public, max-age=300'), served);
  });
  app.get('/search', async (request, reply) => {
    const q = (request.query as { q?: unknown }).q;
    return sendHtml(reply, 200, searchHtml(deps, typeof q === 'string' ? q.slice(0, 200) : ''));
  });

  const plain = (path: string, type: string, body: string): void => {
    app.get(path, async (_request, reply) => reply.header('content-type', type).header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=300').header('access-control-allow-origin', '*').send(body));
  };
  plain('/llms.txt', 'text/plain; charset=utf-8', text.llms);
  plain('/llms-full.txt', 'text/plain; charset=utf-8', text.llmsFull);
  plain('/auth.md', markdownType, text.auth);
  plain('/robots.txt', 'text/plain; charset=utf-8', text.robots);
  plain('/sitemap.xml', 'application/xml; charset=utf-8', text.sitemap);
  plain('/logo.svg', 'image/svg+xml', logoSvg(content.site.brandName));

  const markdownServed = (path: string): boolean => pages.bySlug.has(markdownPath.exec(path)?.[1] ?? '');
  registerUnrouted(app, {
    config, logger: app.log as Logger, page: notFound,
    serves: (path) => pages.byPath.has(path) || markdownServed(path) || (!/[:*]/.test(path) && app.hasRoute({ method: 'GET', url: path })),
  });
}
