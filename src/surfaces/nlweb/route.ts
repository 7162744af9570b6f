// NLWeb's ask over HTTP: GET /ask (legacy query parameters; server-sent events when `streaming` is
// not "false" and the client accepts them) and POST /ask (the v0.54 JSON body). Both spend the shared
// read budget like /agent, answer any origin, record the question for agent insight and render every
// refusal as NLWeb's Failure. The answer itself is the ask engine's (src/domain/ask).
import { perContent } from '../../domain/content/live-content.ts';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod';
import type { AskAnswer, AskInput } from '../../domain/ask/schema.ts';
import { AppError, invalidRequest } from '../../kernel/errors.ts';
import { fieldErrors, validate } from '../../domain/validation.ts';
import type { Services } from '../../app/services.ts';
import { bodyLimitBytes, toAppError } from '../../http/error-reply.ts';
import { callerRequestOf } from '../../http/caller-request.ts';
import { corsHeaders, preflightHeaders } from '../../http/cors-headers.ts';
import { useRateLimits } from '../../http/rate-limit-hooks.ts';
import { failureMessage } from './failure-wording.ts';
import { answerBody, failureBody, legacyBody, legacyEvents } from './nlweb-shapes.ts';

export const askPath = '/ask';

const legacyQuery = z.object({
  query: z.string({ error: 'is required' }),
  site: z.string().optional(),
  generate_mode: z.string().optional(),
  streaming: z.string().optional(),
  query_id: z.string().max(100).optional(),
});

// v0.54: only query.text is required; other sections (context, meta) are accepted and not used.
const askBody = z.object({
  query: z.object(
    {
      text: z.string({ error: 'is required' }),
      site: z.string().optional(),
      max_results: z.number().int().min(1).optional(),
    },
    { error: 'is required' },
  ),
  prefer: z.object({ mode: z.string().optional() }).optional(),
});

/** NLWeb's modes are ours; another mode is answered as a list rather than refused. */
const modeOf = (mode: string | undefined): AskInput['generate_mode'] =>
  mode === 'summarize' || mode === 'generate' ? mode : 'list';

export async function registerAsk(app: FastifyInstance, services: Services): Promise<void> {
  // The site's own words and host (with many sites, the site asked), made once per folder loaded.
  const words = perContent(services.content, () => {
    const brand = services.content.site.brandName;
    const enquiryAction = services.content.ui.text('answers.nlweb.enquiryAction', { brand });
    return { site: new URL(services.config.baseUrl).host, brand, enquiryAction };
  });
  const run = (request: FastifyRequest, input: AskInput): AskAnswer => {
    const answer = services.ask(input);
    const caller = services.insight.callerOf(callerRequestOf(request));
    services.insight.recordAsk({
      source: 'nlweb-ask',
      query: answer.query,
      results: answer.total,
      caller,
      outOfFit: !answer.fit.inFit,
    });
    return answer;
  };
  await app.register(async (scope) => {
    useRateLimits(scope, services);
    scope.addHook('onSend', (_request, reply, payload, done) => {
      reply.headers(corsHeaders());
      done(null, payload);
    });
    scope.setErrorHandler((error, request, reply) => {
      const appError = toAppError(error, services.logger, request);
      if (appError.code === 'rate_limited') reply.header('Retry-After', String(appError.retryAfter ?? 1));
      const message = failureMessage(services.content.ui, appError, bodyLimitBytes);
      return reply
        .code(appError.httpStatus)
        .type('application/json; charset=utf-8')
        .send(failureBody(appError.code, message));
    });
    scope.get(askPath, async (request, reply) => {
      const params = parsed(legacyQuery, request.query, 'query');
      const answer = run(request, {
        query: params.query,
        ...(params.site ? { site: params.site } : {}),
        generate_mode: modeOf(params.generate_mode),
      });
      const queryId = params.query_id ?? randomUUID();
      // JSON or events by Accept: a cache must keep them apart.
      reply.header('Vary', 'Accept');
      if (params.streaming !== 'false' && /\btext\/event-stream\b/.test(request.headers.accept ?? '')) {
        return reply
          .type('text/event-stream; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(legacyEvents(answer, queryId, words().site, words().brand));
      }
      return reply
        .type('application/json; charset=utf-8')
        .send(legacyBody(answer, queryId, words().site, words().brand));
    });
    scope.post(askPath, { bodyLimit: bodyLimitBytes }, async (request, reply) => {
      const body = parsed(askBody, request.body ?? {}, 'body');
      const answer = run(request, {
        query: body.query.text,
        ...(body.query.site ? { site: body.query.site } : {}),
        generate_mode: modeOf(body.prefer?.mode),
      });
      return reply
        .type('application/json; charset=utf-8')
        .send(
          answerBody(answer, words().brand, body.query.max_results ?? answer.results.length, words().enquiryAction),
        );
    });
    scope.options(askPath, async (_request, reply) =>
      reply
        .code(204)
        .headers(preflightHeaders(['GET', 'HEAD', 'POST', 'OPTIONS']))
        .send(),
    );
    scope.route({
      method: ['PUT', 'PATCH', 'DELETE'],
      url: askPath,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        reply.header('Allow', 'GET, HEAD, POST, OPTIONS');
        throw new AppError(
          'method_not_allowed',
          services.content.ui.text('answers.nlweb.method', { method: request.method }),
        );
      },
    });
  });
}

/** The request part parsed by `schema`; a 400 INVALID_REQUEST naming every failing field otherwise. */
function parsed<S extends z.ZodType>(schema: S, input: unknown, root: string): z.output<S> {
  const result = validate(schema, input);
  if (result.success) return result.data;
  throw invalidRequest(fieldErrors(result.error.issues, root));
}
