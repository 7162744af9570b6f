// Registers the site for people and agents: HTML pages with markdown negotiation, /markdown/*
// mirrors, llms.txt, llms-full.txt, auth.md, robots.txt, sitemap.xml and site search.
// Pages are looked up in maps built at start-up, so odd paths can only ever miss (404).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageUrls } from '../../domain/content/urls.ts';
import { FixedBody, sendFixed } from '../../http/fixed-body.ts';
import { htmlType, markdownType, pageBodies, siteBodies } from './page-bodies.ts';
import { authMarkdown } from './auth-md.ts';
import { robotsTxt, sitemapXml } from './crawl.ts';
import type { SiteDeps } from './deps.ts';
import { htmlCsp } from './layout.ts';
import { llmsFullTxt, llmsTxt } from './llms.ts';
import { siteLogo } from './logo.ts';
import { siteStylesheet, stylesheetCacheControl, stylesheetType } from './stylesheet.ts';
import { prefersMarkdown } from './negotiate.ts';
import { searchQueryMaxLength } from './search-form.ts';
import { notFoundHtml, searchHtml, searchMarkdown, statusPageHtml, statusPageMarkdown } from './not-found.ts';
import type { Logger } from '../../kernel/logger.ts';
import { registerUnrouted } from '../../http/unrouted.ts';
import { buildServedPages, pageLayout, type ServedPage } from './served-pages.ts';
import { contactMain } from './contact-page.ts';
import { contactPrefill } from './contact-prefill.ts';
import { selfAuditSection } from './self-audit-section.ts';
import { caseStudyIndexHtml } from './case-study-routes.ts';
import { absolutizeLinks } from './html.ts';
import { llmsTxtPath, pageLinks } from './page-links.ts';
import { contentUsageHeader } from '../../http/content-usage.ts';

export type { SiteDeps } from './deps.ts';
export { renderContactResult } from './contact-form.ts';

// Paths owned by other parts of the service: unknown ones there get the app's own 404 (JSON).
const foreignPrefix = /^\/(?:agent|api|mcp|\.well-known)(?:\/|$)/;
const pagePath = /^\/[a-z0-9/-]*$/;
const markdownPath = /^\/markdown\/([a-z0-9-]+(?:\/[a-z0-9-]+)*)\.md$/;
export function registerSiteRoutes(app: FastifyInstance, deps: SiteDeps): void {
  const { config, content, responseCache: cache } = deps;
  const pages = buildServedPages(deps);
  const text = {
    llms: llmsTxt(config, content, deps.catalog),
    llmsFull: llmsFullTxt(config, content, pages.all),
    auth: authMarkdown(config, content, deps.catalog),
    robots: robotsTxt(config),
    sitemap: sitemapXml(
      config,
      content,
      pages.all.map((served) => served.page),
    ),
  };

  // Every body below is fixed while the process runs: each is made (and compressed) once, when
  // first asked for. Pages render lazily (start-up must not grow with 10 000 case studies).
  const bodies = pageBodies(config.baseUrl, cache);
  const kept = siteBodies(cache);
  const links = pageLinks(config);
  /** Every page and document says how its content may be used (AIPREF), as robots.txt does. */
  const withUsage = contentUsageHeader(config);
  const htmlBody = (html: string): FixedBody => new FixedBody(html, htmlType, cache);
  // Rendered once: the 500 page must not depend on what may have just failed.
  const statusBodies = (html: string, markdown: string): { html: FixedBody; markdown: FixedBody } => ({
    html: htmlBody(html),
    markdown: new FixedBody(markdown, markdownType, cache),
  });
  const errorPages = {
    404: statusBodies(notFoundHtml(deps, '/404'), statusPageMarkdown(deps, 404)),
    405: statusBodies(statusPageHtml(deps, 405), statusPageMarkdown(deps, 405)),
    500: statusBodies(statusPageHtml(deps, 500), statusPageMarkdown(deps, 500)),
  } as const;
  /** Search pages' bodies, kept by form and query. */
  const searchBodies = siteBodies(cache, 'search');

  const sendHtml = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    body: FixedBody | Promise<FixedBody>,
  ): Promise<FastifyReply> =>
    sendFixed(
      request,
      withUsage(reply)
        .code(status)
        .header('content-security-policy', htmlCsp)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'strict-origin-when-cross-origin'),
      body instanceof FixedBody ? body : await body,
    );
  const sendMarkdown = (request: FastifyRequest, reply: FastifyReply, served: ServedPage): Promise<FastifyReply> =>
    sendFixed(
      request,
      withUsage(reply).header('x-content-type-options', 'nosniff').header('link', twinLinksOf(served)),
      bodies.markdown(served),
    );
  const notFound = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: 404 | 405 | 500 = 404,
  ): Promise<FastifyReply> => {
    reply.header('vary', 'Accept');
    const page = errorPages[status];
    if (prefersMarkdown(request.headers.accept))
      return sendFixed(request, withUsage(reply).code(status), page.markdown);
    return sendHtml(request, reply, status, page.html);
  };

  // Each page's Link headers (HTML, markdown twin), written once.
  const htmlLinks = new WeakMap<ServedPage, string>();
  const twinLinks = new WeakMap<ServedPage, string>();
  const linksOf = (served: ServedPage): string => {
    let value = htmlLinks.get(served);
    if (value === undefined) {
      value = links.html(pageUrls(config.baseUrl, served.page).markdown_url);
      if (served.page.path === '/') value += `, <${config.baseUrl}/.well-known/api-catalog>; rel="api-catalog"`;
      htmlLinks.set(served, value);
    }
    return value;
  };
  const twinLinksOf = (served: ServedPage): string => {
    let value = twinLinks.get(served);
    if (value === undefined) {
      const { url, markdown_url: markdownUrl } = pageUrls(config.baseUrl, served.page);
      twinLinks.set(served, (value = links.markdown(url, markdownUrl)));
    }
    return value;
  };
  // /developers ends with the latest self-audit: its bodies change with each audit, so they are kept
  // by the section's text (a new result makes new ones, the old ones age out of the cache) and
  // revalidated on every request (no-cache).
  const developersNow = deps.selfAudit && selfAuditSection(deps.selfAudit);
  const sendDevelopers = async (
    request: FastifyRequest,
    reply: FastifyReply,
    served: ServedPage,
    now: NonNullable<typeof developersNow>,
    markdownOnly = false,
  ): Promise<FastifyReply> => {
    const section = now();
    const key = `developers ${createHash('sha256').update(section.markdown).digest('base64url')}`;
    reply.header('cache-control', 'no-cache');
    if (markdownOnly || prefersMarkdown(request.headers.accept)) {
      const markdown = kept.remember(
        `${key} markdown`,
        () =>
          new FixedBody(
            absolutizeLinks(`${served.markdown}\n${section.markdown}`, config.baseUrl),
            markdownType,
            cache,
          ),
      );
      return sendFixed(
        request,
        withUsage(reply).header('x-content-type-options', 'nosniff').header('link', twinLinksOf(served)),
        markdown,
      );
    }
    const html = kept.rememberAsync(`${key} html`, async () =>
      htmlBody((await served.html()).replace('\n</main>', `${section.html}\n</main>`)),
    );
    return sendHtml(request, reply.header('link', linksOf(served)), 200, html);
  };
  const pageHandler = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const query = request.url.indexOf('?');
    const path = query === -1 ? request.url : request.url.slice(0, query);
    // A page's own path is answered at once; the checks below are for every other path.
    const served = pages.byPath.get(path);
    if (!served) {
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
    if (served.page.slug === 'developers' && developersNow)
      return sendDevelopers(request, reply, served, developersNow);
    // The markdown twin is cached as its /markdown/ address is, so a cache in front revalidates it too.
    if (prefersMarkdown(request.headers.accept))
      return sendMarkdown(request, reply.header('cache-control', 'public, max-age=300'), served);
    reply.header('link', linksOf(served)).header('cache-control', 'public, max-age=300');
    // The case-study index with filters or a page number is its own (kept) page.
    if (path === '/case-studies' && request.url.includes('?')) {
      const variant = caseStudyIndexHtml(deps, pages, served.page, request.query as Record<string, unknown>);
      return sendHtml(request, reply, variant.status, variant.body);
    }
    // The contact form reached from an audit report opens with the audited site named; not kept.
    const prefill =
      path === '/contact' && request.url.includes('?')
        ? contactPrefill(request.query as Record<string, unknown>, config.baseUrl)
        : undefined;
    if (prefill) {
      return sendHtml(
        request,
        reply.header('cache-control', 'no-store'),
        200,
        htmlBody(pageLayout(deps, served.page, contactMain(deps, served.page, prefill))),
      );
    }
    return sendHtml(request, reply, 200, bodies.html(served));
  };
  app.get('/', pageHandler);
  app.get('/*', pageHandler);

  const searchTwinUrl = (query: string): string =>
    `${config.baseUrl}/markdown/search.md${query ? `?q=${encodeURIComponent(query)}` : ''}`;
  const searchQuery = (request: FastifyRequest): string => {
    const q = (request.query as { q?: unknown }).q;
    return typeof q === 'string' ? q.slice(0, searchQueryMaxLength) : '';
  };
  const sendSearchMarkdown = (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const query = searchQuery(request);
    const body = searchBodies.remember(
      `markdown ${query}`,
      () => new FixedBody(absolutizeLinks(searchMarkdown(deps, query), config.baseUrl), markdownType, cache),
    );
    return sendFixed(
      request,
      withUsage(reply)
        .header('x-content-type-options', 'nosniff')
        .header('link', links.markdown(`${config.baseUrl}/search`, searchTwinUrl(query))),
      body,
    );
  };

  app.get('/markdown/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/markdown/search.md') return sendSearchMarkdown(request, reply);
    const match = markdownPath.exec(path);
    const served = match ? pages.bySlug.get(match[1]!) : undefined;
    if (!served) return notFound(request, reply);
    if (served.page.slug === 'developers' && developersNow)
      return sendDevelopers(request, reply, served, developersNow, true);
    return sendMarkdown(request, reply.header('cache-control', 'public, max-age=300'), served);
  });
  app.get('/search', async (request, reply) => {
    reply.header('vary', 'Accept');
    if (prefersMarkdown(request.headers.accept)) return sendSearchMarkdown(request, reply);
    const query = searchQuery(request);
    reply.header('link', links.html(searchTwinUrl(query)));
    return sendHtml(
      request,
      reply,
      200,
      searchBodies.remember(`html ${query}`, () => htmlBody(searchHtml(deps, query, searchTwinUrl(query)))),
    );
  });

  const sheet = siteStylesheet(content.site.brandColour);
  const styles = new FixedBody(sheet.css, stylesheetType, cache);
  app.get(sheet.path, async (request, reply) =>
    sendFixed(
      request,
      reply.header('x-content-type-options', 'nosniff').header('cache-control', stylesheetCacheControl),
      styles,
    ),
  );

  const plain = (path: string, type: string, text: string): void => {
    // Encoded on first request: llms-full.txt is 12 MB with 10 000 case studies (start-up time).
    const body = (): FixedBody => kept.remember(`document ${path}`, () => new FixedBody(text, type, cache));
    app.get(path, async (request, reply) =>
      sendFixed(
        request,
        withUsage(reply)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'public, max-age=300')
          .header('access-control-allow-origin', '*'),
        body(),
      ),
    );
  };
  plain(llmsTxtPath, 'text/plain; charset=utf-8', text.llms);
  plain('/llms-full.txt', 'text/plain; charset=utf-8', text.llmsFull);
  plain('/auth.md', markdownType, text.auth);
  plain('/robots.txt', 'text/plain; charset=utf-8', text.robots);
  plain('/sitemap.xml', 'application/xml; charset=utf-8', text.sitemap);
  plain('/logo.svg', 'image/svg+xml', siteLogo(content).file);

  const markdownServed = (path: string): boolean =>
    path === '/markdown/search.md' || pages.bySlug.has(markdownPath.exec(path)?.[1] ?? '');
  registerUnrouted(app, {
    config,
    logger: app.log as Logger,
    page: notFound,
    serves: (path) =>
      pages.byPath.has(path) ||
      markdownServed(path) ||
      (!/[:*]/.test(path) && app.hasRoute({ method: 'GET', url: path })),
  });
}
