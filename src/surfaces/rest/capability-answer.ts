// A routed capability's call as HTTP: the published request and headers read (every failing field
// and header in one 400), the call made through the one call pipeline, as MCP and A2A make it, and
// its result answered with the route's status, headers and body. Refusals are thrown to the API's
// one error renderer (src/http/error-reply.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ResponseCache } from '../../cache/response-cache.ts';
import type { CallContext } from '../../capabilities/call-context.ts';
import type { Capability, CapabilityResult, Route } from '../../capabilities/capability.ts';
import { fieldErrors, validate } from '../../domain/validation.ts';
import { FixedBody, fixedBodies, sendFixed } from '../../http/fixed-body.ts';
import { clientOf, recognisedCallerOf } from '../../http/request-state.ts';
import { AppError, invalidRequest, type FieldError } from '../../kernel/errors.ts';
import type { OperationContext } from './operation.ts';

type Success = NonNullable<Route['success']>;
type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/** The route's answer to a successful call; by default a 200 with the structured output. */
export function successOf({ route, title, output }: Capability): Success {
  return route?.success ?? { status: 200, description: title, body: output };
}

export function answerCall(capability: Capability, { services }: OperationContext): Handler {
  const route = capability.route!;
  const { status, body, headers = {} } = successOf(capability);
  const inputName = route.method === 'GET' ? 'query' : 'body';
  const cache = services.responseCache;
  const kept = route.method === 'GET' && capability.stable ? fixedBodies(cache, 'rest') : undefined;
  return async (request, reply) => {
    const sent = route.method === 'GET' ? request.query : request.body;
    const read = readRequest(route, sent, request, inputName);
    const caller = recognisedCallerOf(request, services);
    const client = clientOf(request, services);
    const { authorization } = request.headers;
    const context: CallContext = { client, caller, authorization, channel: 'rest', logger: services.logger };
    let result: CapabilityResult;
    let input: unknown;
    try {
      input = route.input ? route.input(sent, read) : sent;
      // The listener spent the read budget and records the visit (src/http/): the pipeline does neither again.
      const call = { capability, sent: input, context, caller, inputName, readBudgetSpent: true, visitRecorded: true };
      result = await services.pipeline.run({ ...call, surface: 'rest' });
    } catch (error) {
      throw error instanceof AppError && route.refusal ? route.refusal(error) : error;
    }
    for (const [name, headerOf] of Object.entries(headers)) {
      const value = headerOf(result);
      if (value !== undefined) reply.header(name, value);
    }
    reply.code(status);
    if (!kept) return reply.send(body.parse(result.structured));
    // A stable read answers the same bytes to the same query: serialised (and, when a client asks,
    // compressed) once, kept in the response cache, and revalidated by its ETag.
    const bytes = kept.remember(`${capability.name} ${JSON.stringify(input)}`, () => jsonBody(body, result, cache));
    return sendFixed(request, reply, bytes);
  };
}

function jsonBody(body: Success['body'], result: CapabilityResult, cache: ResponseCache): FixedBody {
  return new FixedBody(JSON.stringify(body.parse(result.structured)), 'application/json; charset=utf-8', cache);
}

/** The headers the route reads, by name, once they and the published request are valid. */
function readRequest(
  route: Route,
  sent: unknown,
  request: FastifyRequest,
  where: string,
): Record<string, string | undefined> {
  const errors: FieldError[] = [];
  const read: Record<string, string | undefined> = {};
  for (const header of route.headers ?? []) {
    try {
      read[header.name] = header.read(request.headers[header.name.toLowerCase()]);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      errors.push(...error.fieldErrors);
    }
  }
  const checked = route.request && validate(route.request.schema, sent);
  if (checked && !checked.success) errors.push(...fieldErrors(checked.error.issues, where));
  if (errors.length > 0) throw invalidRequest(errors);
  return read;
}
