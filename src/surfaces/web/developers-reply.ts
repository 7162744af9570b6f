// /developers ends with the latest self-audit: its bodies change with each audit, so they are kept
// by the section's text (a new result makes new ones, the old ones age out of the cache) and
// revalidated on every request (no-cache).
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FixedBody, sendFixed } from '../../http/fixed-body.ts';
import type { SiteDeps } from './deps.ts';
import { englishPartLang } from './developers.ts';
import { absolutizeLinks } from './html.ts';
import { prefersMarkdown } from './negotiate.ts';
import { markdownType } from './page-bodies.ts';
import { selfAuditSection } from './self-audit-section.ts';
import type { ServedPage } from './served-pages.ts';
import type { SiteReplies } from './site-replies.ts';

export type SendDevelopers = (
  request: FastifyRequest,
  reply: FastifyReply,
  served: ServedPage,
  markdownOnly?: boolean,
) => Promise<FastifyReply>;

/** The /developers answer with the self-audit appended; undefined where the site has no self-audit. */
export function developersSender(deps: SiteDeps, replies: SiteReplies): SendDevelopers | undefined {
  const { config, responseCache: cache } = deps;
  const { kept, withUsage, htmlBody, sendHtml, linksOf, twinLinksOf } = replies;
  const now = deps.selfAudit && selfAuditSection(deps.selfAudit, englishPartLang(deps.content.ui.language));
  if (!now) return undefined;
  return async (request, reply, served, markdownOnly = false) => {
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
}
