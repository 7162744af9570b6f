// The audit's pages: GET /audit (the form), POST /audit (runs the public audit on the REST API's
// budgets, 303 to the report), GET /audits/<id> (HTML, or markdown by Accept) and their /markdown
// twins. A post from another site is refused as the contact form refuses one.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { auditorBusyMessage } from '../../../domain/error-wording.ts';
import { AppError } from '../../../kernel/errors.ts';
import type { UiText } from '../../../domain/language/ui-text.ts';
import { waitInWords } from '../limits-in-words.ts';
import { fieldProblem } from '../form/field-problems.ts';
import type { Services } from '../../../app/services.ts';
import { bodyLimitBytes, toAppError } from '../../../http/error-reply.ts';
import { clientOf, setRateLimitState } from '../../../http/request-state.ts';
import { acceptFormBodies, type FormBody } from '../form/form-body.ts';
import { formPageHeaders } from '../form/page-headers.ts';
import { createSameOriginCheck } from '../form/same-origin.ts';
import { useRateLimits } from '../../../http/rate-limit-hooks.ts';
import { prefersMarkdown } from '../negotiate.ts';
import { htmlType, markdownType, siteBodies } from '../page-bodies.ts';
import { FixedBody } from '../../../http/fixed-body.ts';
import { notFoundHtml } from '../not-found.ts';
import { pageLinks } from '../page-links.ts';
import { reportMarkdownPath, reportPagePath } from '../../../audit/report-links.ts';
import {
  auditFormHtml,
  auditFormMarkdown,
  auditMarkdownPath,
  auditPagePath,
  reportHtml,
  reportPageMarkdown,
  type AuditFormProblem,
} from './audit-pages.ts';

export async function registerAuditPages(app: FastifyInstance, services: Services): Promise<void> {
  const { config } = services;
  const links = pageLinks(config);
  const markdown = (
    reply: FastifyReply,
    status: number,
    text: string | Buffer,
    canonical: string,
    twin: string,
  ): FastifyReply =>
    reply
      .code(status)
      .headers({
        ...formPageHeaders(),
        'content-type': markdownType,
        vary: 'Accept',
        link: links.markdown(`${config.baseUrl}${canonical}`, `${config.baseUrl}${twin}`),
      })
      .send(text);
  const html = (reply: FastifyReply, status: number, body: string | Buffer, twin: string): FastifyReply =>
    reply
      .code(status)
      .headers({ ...formPageHeaders(), vary: 'Accept', link: links.html(`${config.baseUrl}${twin}`) })
      .send(body);
  const notFound = (asMarkdown: boolean, reply: FastifyReply): FastifyReply => {
    const { ui } = services.content;
    return asMarkdown
      ? reply
          .code(404)
          .headers({ ...formPageHeaders(), 'content-type': markdownType })
          .send(`# ${ui.text('error.notFoundMarkdownTitle')}\n\n${ui.text('audit.noReport')}\n`)
      : reply.code(404).headers(formPageHeaders()).send(notFoundHtml(services, auditPagePath));
  };
  // A kept report never changes: each page of it is rendered once, on first view, and kept in the
  // response cache (an unknown id is asked of the store each time, under the caller's read budget).
  const bodies = siteBodies(services.responseCache);
  /** When each kept rendering's report expires (ms): past it, the rendering is not served. */
  const expiries = new WeakMap<FixedBody, number>();
  const rendered = async (id: string, as: 'html' | 'markdown'): Promise<Buffer | undefined> => {
    // A purge that deleted reports retires every kept rendering with them.
    const key = `audit-report ${as} ${id} ${services.audits.purges}`;
    const kept = bodies.get(key);
    if (kept && (expiries.get(kept) ?? 0) > Date.now()) return kept.identity;
    const found = await services.audits.findKept(id);
    if (!found) return undefined;
    const { report, expiresAt } = found;
    const text = as === 'html' ? reportHtml(services, id, report) : reportPageMarkdown(services, id, report);
    const body = new FixedBody(text, as === 'html' ? htmlType : markdownType, services.responseCache);
    expiries.set(body, Date.parse(expiresAt));
    return bodies.set(key, body).identity;
  };

  app.get(auditPagePath, async (request, reply) =>
    prefersMarkdown(request.headers.accept)
      ? markdown(reply, 200, auditFormMarkdown(services), auditPagePath, auditMarkdownPath)
      : html(reply, 200, auditFormHtml(services), auditMarkdownPath),
  );
  app.get(auditMarkdownPath, async (_request, reply) =>
    markdown(reply, 200, auditFormMarkdown(services), auditPagePath, auditMarkdownPath),
  );
  // The report pages read the store: they spend the caller's read budget, as the API's reads do.
  await app.register(async (pages) => {
    useRateLimits(pages, services);
    pages.get('/audits/:id', async (request, reply) => {
      const { id } = request.params as { id: string };
      const asMarkdown = prefersMarkdown(request.headers.accept);
      const body = await rendered(id, asMarkdown ? 'markdown' : 'html');
      if (!body) return notFound(asMarkdown, reply);
      return asMarkdown
        ? markdown(reply, 200, body, reportPagePath(id), reportMarkdownPath(id))
        : html(reply, 200, body, reportMarkdownPath(id));
    });
    pages.get('/markdown/audits/:file', async (request, reply) => {
      const id = /^(.+)\.md$/.exec((request.params as { file: string }).file)?.[1] ?? '';
      const body = await rendered(id, 'markdown');
      if (!body) return notFound(true, reply);
      return markdown(reply, 200, body, reportPagePath(id), reportMarkdownPath(id));
    });
  });
  await app.register(async (form) => registerAuditPost(form, services));
}

/** POST /audit in its own scope: the form body parser and the REST API's budgets apply to it alone. */
async function registerAuditPost(form: FastifyInstance, services: Services): Promise<void> {
  const sameOrigin = createSameOriginCheck(services.config);
  const answer = (reply: FastifyReply, status: number, problem: AuditFormProblem): FastifyReply =>
    reply
      .code(status)
      .headers(formPageHeaders())
      .send(auditFormHtml(services, problem.url, problem));
  acceptFormBodies(form);
  useRateLimits(form, services);
  form.addHook('onRequest', async (request, reply) => {
    if (!sameOrigin(request.headers))
      return answer(reply, 403, {
        message: services.content.ui.text('audit.crossSite'),
      });
    return undefined;
  });
  form.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error, services.logger, request);
    const fields = (request.body as Partial<FormBody> | undefined)?.fields;
    const url = typeof fields?.url === 'string' ? fields.url : undefined;
    return answer(reply, appError.httpStatus, {
      message: problemText(appError, services.content.ui),
      ...(url !== undefined && { url }),
    });
  });
  form.post(auditPagePath, { bodyLimit: bodyLimitBytes, config: { rateLimit: 'audit' } }, async (request, reply) => {
    const { fields, problems } = (request.body as FormBody | undefined) ?? { fields: {}, problems: [] };
    if (problems.length > 0)
      throw new AppError('invalid_request', 'The form could not be read.', { fieldErrors: problems });
    const { id, rateLimit } = await services.audits.run(fields, clientOf(request, services));
    setRateLimitState(request, rateLimit);
    // Its own fragment: the form's `#errors` would otherwise stay on the report's address.
    return reply
      .code(303)
      .header('location', `${reportPagePath(id)}#main`)
      .header('cache-control', 'no-store')
      .send();
  });
}

function problemText(error: AppError, ui: UiText): string {
  switch (error.code) {
    case 'invalid_request': {
      const url = error.fieldErrors.find((field) => field.field === 'url');
      return url
        ? ui.text('audit.badAddress', { problem: fieldProblem(ui, url.message) })
        : ui.text('audit.notAnAddress');
    }
    case 'rate_limited': {
      const wait = waitInWords(ui, error.retryAfter ?? 1);
      return ui.text(error.message === auditorBusyMessage ? 'audit.busy' : 'audit.tooMany', { wait });
    }
    case 'upstream_error':
      return ui.text('audit.noAnswer');
    case 'payload_too_large':
    case 'unsupported_media_type':
      return ui.text('audit.badForm');
    default:
      return ui.text('audit.fault');
  }
}
