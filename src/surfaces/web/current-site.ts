// What the site's routes answer from, made from one loaded content folder: its pages, its documents
// and the replies that render them. Made again when the folder is loaded again (perContent), so
// pages, twins, llms.txt and the sitemap follow a change without a restart.
import { perContent } from '../../domain/content/live-content.ts';
import { authMarkdown } from './auth-md.ts';
import { robotsTxt, sitemapXml } from './crawl.ts';
import type { SiteDeps } from './deps.ts';
import { developersSender, type SendDevelopers } from './developers-reply.ts';
import { llmsFullTxt, llmsTxt } from './llms.ts';
import { buildServedPages, type ServedPages } from './served-pages.ts';
import { siteReplies, type SiteReplies } from './site-replies.ts';

/** The text documents' bodies, written when the folder is loaded (they describe every page). */
export interface SiteDocuments {
  llms: string;
  llmsFull: string;
  auth: string;
  robots: string;
  sitemap: string;
}

export interface SiteParts {
  pages: ServedPages;
  text: SiteDocuments;
  replies: SiteReplies;
  sendDevelopers: SendDevelopers | undefined;
}

/** The parts for the folder loaded now: the same object until the folder changes. */
export type CurrentSite = () => SiteParts;

export function currentSite(deps: SiteDeps): CurrentSite {
  return perContent(deps.content, () => {
    const pages = buildServedPages(deps);
    const replies = siteReplies(deps);
    return { pages, text: siteDocuments(deps, pages), replies, sendDevelopers: developersSender(deps, replies) };
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
