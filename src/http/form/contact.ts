// POST /api/contact: the site's no-JavaScript enquiry form. Same enquiry path, budget and delivery
// as the REST API; answers with an HTML page (rendered by the site's result-page helper).
// Other /api/* paths answer JSON 404/405 and share the 300/min budget.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, invalidRequest } from '../../domain/errors.ts';
import type { Services } from '../../services.ts';
import { bodyLimitBytes, sendError, toAppError } from '../agent/errors.ts';
import { clientOf, setRateLimitState } from '../agent/request-state.ts';
import { callerRequestOf } from '../insight-hook.ts';
import { useRateLimits } from '../rate-limit-hooks.ts';
import { renderContactResult, type ContactFormValues, type ContactResult } from '../site/contact-form.ts';
import { htmlCsp } from '../site/layout.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const formFields = ['fromName', 'fromEmail', 'organization', 'topic', 'message'] as const;
// Browsers send empty optional inputs as "": for the form, empty means "not given".
const optional = new Set(['organization', 'agentId', 'topic']);

/** Decodes an urlencoded form body; repeated or unknown names are left for validation to report. */
export function parseFormBody(body: Buffer): Record<string, string | string[]> {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw invalidRequest([{ field: 'body', message: 'is not valid UTF-8' }]);
  }
  const values = new Map<string, string | string[]>();
  for (const [name, value] of new URLSearchParams(text)) {
    if (optional.has(name) && value.trim() === '') continue;
    const existing = values.get(name);
    values.set(name, existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value]);
  }
  return Object.fromEntries(values);
}

export async function registerContactForm(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(
    async (api) => {
      api.removeAllContentTypeParsers();
      const formType = 'application/x-www-form-urlencoded';
      api.addContentTypeParser(formType, { parseAs: 'buffer', bodyLimit: bodyLimitBytes }, (_request, body, done) => {
        try {
          done(null, parseFormBody(body as Buffer));
        } catch (error) {
          done(error as Error, undefined);
        }
      });
      useRateLimits(api, services);
      const page = (reply: FastifyReply, status: number, result: ContactResult): FastifyReply =>
        reply
          .code(status)
          .headers({
            'content-type': 'text/html; charset=utf-8',
            'content-security-policy': htmlCsp,
            'x-content-type-options': 'nosniff',
            'cache-control': 'no-store',
          })
          .send(renderContactResult(services, result));
      api.setErrorHandler((error, request, reply) => {
        const appError = toAppError(error, services.logger, request);
        if (request.routeOptions.url !== '/api/contact' || request.method !== 'POST') return sendError(reply, appError);
        if (appError.code === 'invalid_request') {
          return page(reply, 400, { kind: 'invalid', errors: appError.fieldErrors, values: formValues(request.body) });
        }
        if (appError.code === 'rate_limited') {
          reply.header('Retry-After', String(appError.retryAfter ?? 1));
          return page(reply, 429, { kind: 'rate_limited', retryAfter: appError.retryAfter ?? 1 });
        }
        const message =
          appError.code === 'payload_too_large' ? 'Your message was too long.'
          : appError.code === 'unsupported_media_type' ? 'The form was sent in a format we do not accept.'
          : undefined;
        return page(reply, appError.httpStatus, message ? { kind: 'error', message } : { kind: 'error' });
      });
      api.post('/contact', { bodyLimit: bodyLimitBytes, config: { rateLimit: 'contact' } }, async (request, reply) => {
        const result = await services.enquiries.submit({
          input: request.body,
          client: clientOf(request, services),
          channel: 'form',
          kind: 'enquiry',
          caller: services.insight.callerOf(callerRequestOf(request)),
        });
        setRateLimitState(request, result.rateLimit);
        return page(reply, 202, { kind: 'accepted', reference: result.accepted.reference });
      });
      const unmatched = async (request: { url: string; method: string }, reply: FastifyReply): Promise<never> => {
        if ((request.url.split('?')[0] ?? '') === '/api/contact') {
          reply.header('Allow', 'POST');
          throw new AppError('method_not_allowed', `${request.method} is not supported here; use POST.`);
        }
        throw new AppError('not_found', 'No endpoint at this path.');
      };
      const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
      api.route({ method: methods, url: '/*', exposeHeadRoute: false, bodyLimit: bodyLimitBytes, handler: unmatched });
      api.setNotFoundHandler(unmatched);
    },
    { prefix: '/api' },
  );
}

function formValues(body: unknown): ContactFormValues {
  const values: ContactFormValues = {};
  if (body === null || typeof body !== 'object') return values;
  for (const name of formFields) {
    const value = (body as Record<string, unknown>)[name];
    if (typeof value === 'string') values[name] = value;
  }
  return values;
}
