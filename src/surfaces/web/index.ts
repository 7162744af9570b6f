// Registers the site for people and agents: HTML pages with markdown negotiation, /markdown/*
// mirrors, llms.txt, llms-full.txt, auth.md, robots.txt, sitemap.xml and site search.
// Pages are looked up in maps built at start-up, so odd paths can only ever miss (404).
import type { FastifyInstance } from 'fastify';
import type { Logger } from '../../kernel/logger.ts';
import { registerUnrouted } from '../../http/unrouted.ts';
import { authMarkdown } from './auth-md.ts';
import { robotsTxt, sitemapXml } from './crawl.ts';
import type { SiteDeps } from './deps.ts';
import { developersSender } from './developers-reply.ts';
import { registerDocumentRoutes, type SiteDocuments } from './document-routes.ts';
import { llmsFullTxt, llmsTxt } from './llms.ts';
import { registerMarkdownAndSearchRoutes, servesMarkdown } from './markdown-routes.ts';
import { registerPageRoutes } from './page-route.ts';
import { buildServedPages, type ServedPages } from './served-pages.ts';
import { siteReplies } from './site-replies.ts';

export type { SiteDeps } from './deps.ts';
export { renderContactResult } from './contact-form.ts';

export function registerSiteRoutes(app: FastifyInstance, deps: SiteDeps): void {
  const pages = buildServedPages(deps);
  const text = siteDocuments(deps, pages);
  const replies = siteReplies(deps);
  const sendDevelopers = developersSender(deps, replies);
  // Registration order is kept: the page route's /* is the catch-all the others refine.
  registerPageRoutes(app, deps, pages, replies, sendDevelopers);
  registerMarkdownAndSearchRoutes(app, deps, pages, replies, sendDevelopers);
  registerDocumentRoutes(app, deps, replies, text);
  registerUnrouted(app, {
    config: deps.config,
    logger: app.log as Logger,
    page: replies.notFound,
    serves: (path) =>
      pages.byPath.has(path) ||
      servesMarkdown(pages, path) ||
      (!/[:*]/.test(path) && app.hasRoute({ method: 'GET', url: path })),
  });
}

function siteDocuments(deps: SiteDeps, pages: ServedPages): SiteDocuments {
  const { config, content, catalog } = deps;
  return {
    llms: llmsTxt(config, content, catalog),
    llmsFull: llmsFullTxt(config, content, pages.all),
    auth: authMarkdown(config, content, catalog),
    robots: robotsTxt(config),
    sitemap: sitemapXml(
      config,
      content,
      pages.all.map((served) => served.page),
    ),
  };
}
