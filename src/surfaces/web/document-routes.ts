// The site's fixed documents: the stylesheet, llms.txt, llms-full.txt, auth.md, robots.txt,
// sitemap.xml and the logo.
import type { FastifyInstance } from 'fastify';
import { FixedBody, sendFixed } from '../../http/fixed-body.ts';
import type { SiteDeps } from './deps.ts';
import { siteLogo } from './logo.ts';
import { markdownType } from './page-bodies.ts';
import { llmsTxtPath } from './page-links.ts';
import { perContent } from '../../domain/content/live-content.ts';
import type { CurrentSite, SiteParts } from './current-site.ts';
import { pathOf } from './page-route.ts';
import { siteStylesheet, stylesheetCacheControl, stylesheetType } from './stylesheet.ts';

export function registerDocumentRoutes(app: FastifyInstance, deps: SiteDeps, site: CurrentSite): void {
  const { content, responseCache: cache } = deps;
  // The stylesheet's address carries its digest: it changes with the brand colour of the folder loaded.
  const stylesheet = perContent(content, () => {
    const sheet = siteStylesheet(content.site.brandColour);
    return { path: sheet.path, body: new FixedBody(sheet.css, stylesheetType, cache) };
  });
  app.get('/assets/:file', async (request, reply) => {
    const sheet = stylesheet();
    if (pathOf(request) !== sheet.path) {
      reply.callNotFound();
      return reply;
    }
    return sendFixed(
      request,
      reply.header('x-content-type-options', 'nosniff').header('cache-control', stylesheetCacheControl),
      sheet.body,
    );
  });

  const plain = (path: string, type: string, text: (parts: SiteParts) => string): void => {
    app.get(path, async (request, reply) => {
      const parts = site();
      // Encoded on first request: llms-full.txt is 12 MB with 10 000 case studies (start-up time).
      const body = parts.replies.kept.remember(`document ${path}`, () => new FixedBody(text(parts), type, cache));
      return sendFixed(
        request,
        parts.replies
          .withUsage(reply)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'public, max-age=300')
          .header('access-control-allow-origin', '*'),
        body,
      );
    });
  };
  plain(llmsTxtPath, 'text/plain; charset=utf-8', ({ text }) => text.llms);
  plain('/llms-full.txt', 'text/plain; charset=utf-8', ({ text }) => text.llmsFull);
  plain('/auth.md', markdownType, ({ text }) => text.auth);
  plain('/robots.txt', 'text/plain; charset=utf-8', ({ text }) => text.robots);
  plain('/sitemap.xml', 'application/xml; charset=utf-8', ({ text }) => text.sitemap);
  plain('/logo.svg', 'image/svg+xml', () => siteLogo(content).file);
}
