// POST /api/contact, the no-JavaScript form, on the REST API's enquiry path and budget: 303 to the
// thank-you page when accepted, else the form again with what was typed. Other /api/* paths: JSON.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { contactEnquirySchema } from '../../../domain/enquiries/schema.ts';
import type { SubmitEnquiryRequest, SubmitEnquiryResult } from '../../../domain/enquiries/submit.ts';
import { AppError, invalidRequest } from '../../../kernel/errors.ts';
import { describeBytes } from '../../../domain/limit-wording.ts';
import { fieldErrors, validate } from '../../../domain/validation.ts';
import type { Services } from '../../../app/services.ts';
import type { UiText } from '../../../domain/language/ui-text.ts';
import { bodyLimitBytes, sendError, toAppError } from '../../../http/error-reply.ts';
import { clientOf, recognisedCallerOf, setRateLimitState } from '../../../http/request-state.ts';
import { useRateLimits } from '../../../http/rate-limit-hooks.ts';
import { renderContactResult, type ContactFormValues, type ContactResult } from '../contact-form.ts';
import { acceptFormBodies, type FormBody } from './form-body.ts';
import { formPageHeaders } from './page-headers.ts';
import { formIdempotencyKey } from './form-key.ts';
import { createSameOriginCheck } from './same-origin.ts';
import { registerSentPage, sentPath } from './sent-page.ts';

const formFields = ['fromName', 'fromEmail', 'organization', 'topic', 'message'] as const;
/** How long a repeated post waits for its twin (a double click) to be recorded, in 100 ms steps. */
const twinWaitSteps = 30;

export async function registerContactForm(app: FastifyInstance, services: Services): Promise<void> {
  const sameOrigin = createSameOriginCheck(services.config);
  const page = (reply: FastifyReply, status: number, result: ContactResult): FastifyReply =>
    reply.code(status).headers(formPageHeaders()).send(renderContactResult(services, result));
  const isFormPost = (request: FastifyRequest): boolean =>
    request.method === 'POST' && request.routeOptions.url === '/api/contact';
  registerSentPage(app, services);
  await app.register(
    async (api) => {
      acceptFormBodies(api);
      // First the shared budget (so refused cross-site posts count too), then the origin, before the body is read.
      useRateLimits(api, services);
      api.addHook('onRequest', async (request, reply) => {
        if (isFormPost(request) && !sameOrigin(request.headers)) return page(reply, 403, { kind: 'cross_site' });
        return undefined;
      });
      api.setErrorHandler((error, request, reply) => {
        const appError = toAppError(error, services.logger, request);
        if (!isFormPost(request)) return sendError(reply, appError);
        return page(reply, appError.httpStatus, formResult(appError, formValues(request.body), services.content.ui));
      });
      api.post('/contact', { bodyLimit: bodyLimitBytes, config: { rateLimit: 'contact' } }, async (request, reply) => {
        const { fields, problems } = (request.body as FormBody | undefined) ?? { fields: {}, problems: [] };
        if (problems.length > 0) throw withSchemaErrors(problems, fields);
        const client = clientOf(request, services);
        const result = await submitOnce(services, {
          input: fields,
          client,
          idempotencyKey: formIdempotencyKey(client, fields),
          channel: 'form',
          kind: 'enquiry',
          caller: recognisedCallerOf(request, services),
        });
        setRateLimitState(request, result.rateLimit);
        return reply
          .code(303)
          .header('location', sentPath(result.accepted.reference))
          .header('cache-control', 'no-store')
          .send();
      });
      // Opening the form's address shows the form.
      api.get('/contact', async (_request, reply) =>
        reply.redirect(`${services.content.site.paths.contact}#form`, 303),
      );
      const unmatched = async (request: { url: string; method: string }, reply: FastifyReply): Promise<never> => {
        if ((request.url.split('?')[0] ?? '') === '/api/contact') {
          reply.header('Allow', 'GET, HEAD, POST');
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

/**
 * Submits, and when the same form is still being recorded by a twin request (a double click: same
 * derived key, first request in flight) waits for it, so both answers name the one enquiry.
 */
async function submitOnce(services: Services, request: SubmitEnquiryRequest): Promise<SubmitEnquiryResult> {
  for (let step = 0; ; step++) {
    try {
      return await services.enquiries.submit(request);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'idempotency_conflict' || step >= twinWaitSteps) throw error;
      await sleep(100);
    }
  }
}

/** The decoding problems together with every schema problem of the fields that did decode. */
function withSchemaErrors(problems: AppError['fieldErrors'], fields: FormBody['fields']): AppError {
  const parsed = validate(contactEnquirySchema, fields);
  const named = new Set(problems.map((problem) => problem.field));
  const more = parsed.success ? [] : fieldErrors(parsed.error.issues).filter((error) => !named.has(error.field));
  return invalidRequest([...problems, ...more]);
}

function formResult(error: AppError, values: ContactFormValues, ui: UiText): ContactResult {
  switch (error.code) {
    case 'invalid_request':
      return { kind: 'invalid', errors: error.fieldErrors, values };
    case 'rate_limited':
      return { kind: 'rate_limited', retryAfter: error.retryAfter ?? 1, values };
    case 'idempotency_conflict':
      return {
        kind: 'error',
        values,
        message: ui.text('form.inFlight'),
      };
    case 'payload_too_large':
      return {
        kind: 'error',
        message: ui.text('form.tooLarge', { size: describeBytes(bodyLimitBytes) }),
      };
    case 'unsupported_media_type':
      return { kind: 'error', message: ui.text('form.badFormat') };
    default:
      return { kind: 'error', values };
  }
}

function formValues(body: unknown): ContactFormValues {
  const values: ContactFormValues = {};
  const fields = (body as Partial<FormBody> | undefined)?.fields;
  if (fields === undefined) return values;
  for (const name of formFields) {
    const value = fields[name];
    if (typeof value === 'string') values[name] = value;
  }
  return values;
}
