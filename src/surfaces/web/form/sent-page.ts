// GET /contact/sent?ref=enq_…: the thank-you page an accepted form post redirects to. It shows the
// reference and nothing personal, so reloading, bookmarking or sharing it sends and reveals nothing.
import type { FastifyInstance } from 'fastify';
import { isRecordedEnquiry } from '../../../domain/enquiries/recorded.ts';
import { enquiryReferencePattern } from '../../../domain/enquiries/schema.ts';
import type { Services } from '../../../app/services.ts';
import { renderContactResult } from '../contact-form.ts';
import { prefersMarkdown } from '../negotiate.ts';
import { notFoundHtml } from '../not-found.ts';
import { formPageHeaders } from './page-headers.ts';

const path = '/contact/sent';

/** Where an accepted post is redirected; the fragment puts focus on the page's heading. */
export function sentPath(reference: string): string {
  return `${path}?ref=${reference}#thanks`;
}

export function registerSentPage(app: FastifyInstance, services: Services): void {
  const { content } = services;
  app.get(path, async (request, reply) => {
    const ref = (request.query as { ref?: unknown }).ref;
    let recorded = false;
    if (typeof ref === 'string') {
      try {
        recorded = await isRecordedEnquiry(services.store.db, ref);
      } catch {
        // The database is unreachable: a well-formed reference can only have come from our redirect.
        recorded = enquiryReferencePattern.test(ref);
      }
    }
    reply.headers(formPageHeaders()).header('vary', 'Accept');
    const markdown = prefersMarkdown(request.headers.accept);
    if (!recorded || typeof ref !== 'string') {
      reply.code(404);
      if (markdown)
        return reply
          .type('text/markdown; charset=utf-8')
          .send(`# ${content.ui.text('error.notFoundMarkdownTitle')}\n\n${content.ui.text('form.noSuchEnquiry')}\n`);
      return reply.send(notFoundHtml(services, path));
    }
    if (markdown) {
      return reply
        .type('text/markdown; charset=utf-8')
        .send(`# ${content.ui.text('form.thanks')}\n\n${referenceLine(content, ref)}\n`);
    }
    return reply.send(renderContactResult(services, { kind: 'accepted', reference: ref }));
  });
}

/** "Your reference is enq_…. We reply within …" as plain text, for the markdown answer. */
function referenceLine(content: Services['content'], reference: string): string {
  const values = {
    reference,
    responseTime: content.contact.responseTime ?? '',
    strong: (words: string[]) => words.join(''),
  };
  return content.ui.parts<string>('form.reference', values).join('');
}
