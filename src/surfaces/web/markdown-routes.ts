// The /markdown/* mirrors of every page, and site search in HTML (/search) and markdown
// (/markdown/search.md), each search result kept by form and query.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FixedBody, sendFixed } from '../../http/fixed-body.ts';
import type { SiteDeps } from './deps.ts';
import type { CurrentSite } from './current-site.ts';
import { absolutizeLinks } from './html.ts';
import { prefersMarkdown } from './negotiate.ts';
import { searchHtml, searchMarkdown } from './not-found.ts';
import { markdownType, siteBodies } from './page-bodies.ts';
import { searchQueryMaxLength } from './search-form.ts';
import { pathOf, sendTwin } from './page-route.ts';
import type { ServedPages } from './served-pages.ts';

const markdownPath = /^\/markdown\/([a-z0-9-]+(?:\/[a-z0-9-]+)*)\.md$/;
const searchMarkdownPath = '/markdown/search.md';

/** Whether `path` is one of the /markdown/ addresses the site serves. */
export function servesMarkdown(pages: ServedPages, path: string): boolean {
  return path === searchMarkdownPath || pages.bySlug.has(markdownPath.exec(path)?.[1] ?? '');
}

export function registerMarkdownAndSearchRoutes(app: FastifyInstance, deps: SiteDeps, site: CurrentSite): void {
  const { config, responseCache: cache } = deps;
  /** Search pages' bodies, kept by form and query. */
  const searchBodies = siteBodies(cache, 'search');
  const searchTwinUrl = (query: string): string =>
    `${config.baseUrl}${searchMarkdownPath}${query ? `?q=${encodeURIComponent(query)}` : ''}`;
  const searchQuery = (request: FastifyRequest): string => {
    const q = (request.query as { q?: unknown }).q;
    return typeof q === 'string' ? q.slice(0, searchQueryMaxLength) : '';
  };
  const sendSearchMarkdown = (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const { links, withUsage } = site().replies;
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
    const path = pathOf(request);
    if (path === searchMarkdownPath) return sendSearchMarkdown(request, reply);
    const parts = site();
    const match = markdownPath.exec(path);
    const served = match ? parts.pages.bySlug.get(match[1]!) : undefined;
    return served ? sendTwin(parts, request, reply, served) : parts.replies.notFound(request, reply);
  });
  app.get('/search', async (request, reply) => {
    const { links, htmlBody, sendHtml } = site().replies;
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
}
