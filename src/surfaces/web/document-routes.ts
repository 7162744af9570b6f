// The site's fixed documents: the stylesheet, llms.txt, llms-full.txt, auth.md, robots.txt,
// sitemap.xml and the logo.
import type { FastifyInstance } from 'fastify';
import { FixedBody, sendFixed } from '../../http/fixed-body.ts';
import type { SiteDeps } from './deps.ts';
import { siteLogo } from './logo.ts';
import { markdownType } from './page-bodies.ts';
import { llmsTxtPath } from './page-links.ts';
import type { SiteReplies } from './site-replies.ts';
import { siteStylesheet, stylesheetCacheControl, stylesheetType } from './stylesheet.ts';

/** The text documents' bodies, written at start-up (they describe every page). */
export interface SiteDocuments {
  llms: string;
  llmsFull: string;
  auth: string;
  robots: string;
  sitemap: string;
}

export function registerDocumentRoutes(
  app: FastifyInstance,
  deps: SiteDeps,
  replies: SiteReplies,
  text: SiteDocuments,
): void {
  const { content, responseCache: cache } = deps;
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
    const body = (): FixedBody => replies.kept.remember(`document ${path}`, () => new FixedBody(text, type, cache));
    app.get(path, async (request, reply) =>
      sendFixed(
        request,
        replies
          .withUsage(reply)
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
}
