// Registers the site for people and agents: HTML pages with markdown negotiation, /markdown/*
// mirrors, llms.txt, llms-full.txt, auth.md, robots.txt, sitemap.xml and site search.
// Pages are looked up in maps built from the loaded content folder, so odd paths can only ever miss (404).
import type { FastifyInstance } from 'fastify';
import type { Logger } from '../../kernel/logger.ts';
import { registerUnrouted } from '../../http/unrouted.ts';
import { currentSite } from './current-site.ts';
import type { SiteDeps } from './deps.ts';
import { registerDocumentRoutes } from './document-routes.ts';
import { registerMarkdownAndSearchRoutes, servesMarkdown } from './markdown-routes.ts';
import { registerPageRoutes } from './page-route.ts';

export type { SiteDeps } from './deps.ts';
export { renderContactResult } from './contact-form.ts';

export function registerSiteRoutes(app: FastifyInstance, deps: SiteDeps): void {
  const site = currentSite(deps);
  // Registration order is kept: the page route's /* is the catch-all the others refine.
  registerPageRoutes(app, deps, site);
  registerMarkdownAndSearchRoutes(app, deps, site);
  registerDocumentRoutes(app, deps, site);
  registerUnrouted(app, {
    config: deps.config,
    logger: app.log as Logger,
    page: (request, reply, status) => site().replies.notFound(request, reply, status),
    serves: (path) =>
      site().pages.byPath.has(path) ||
      servesMarkdown(site().pages, path) ||
      (!/[:*]/.test(path) && app.hasRoute({ method: 'GET', url: path })),
  });
}
