// A routed capability's call as HTTP: the published request and headers read (every failing field
// and header in one 400), the call made, and its result answered with the route's status, headers
// and body. Refusals are thrown to the API's one error renderer (src/http/error-reply.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallContext } from '../../capabilities/call-context.ts';
import type { Capability, CapabilityResult, Route } from '../../capabilities/capability.ts';
import { fieldErrors, parseOrThrow, validate } from '../../domain/validation.ts';
import { clientOf, recognisedCallerOf } from '../../http/request-state.ts';
import { AppError, invalidRequest, type FieldError } from '../../kernel/errors.ts';
import type { OperationContext } from './operation.ts';

type Success = NonNullable<Route['success']>;

/** The route's answer to a successful call; by default a 200 with the structured output. */
export function successOf({ route, title, output }: Capability): Success {
  return route?.success ?? { status: 200, description: title, body: output };
}

export function answerCall(capability: Capability, { services }: OperationContext) {
  const route = capability.route!;
  const { status, body, headers = {} } = successOf(capability);
  const where = route.method === 'GET' ? 'query' : 'body';
  const call = async (request: FastifyRequest, sent: unknown): Promise<CapabilityResult> => {
    const context: CallContext = {
      client: clientOf(request, services),
      caller: recognisedCallerOf(request, services),
      authorization: request.headers.authorization,
      channel: 'rest',
      logger: services.logger,
    };
    const input = parseOrThrow(capability.input, sent ?? {}, where);
    const result = await capability.handle(input, context, sent);
    return { ...result, structured: capability.output.parse(result.structured) };
  };
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const sent = route.method === 'GET' ? request.query : request.body;
    const read = readRequest(route, sent, request);
    let result: CapabilityResult;
    try {
      result = await call(request, route.input ? route.input(sent, read) : sent);
    } catch (error) {
      throw error instanceof AppError && route.refusal ? route.refusal(error) : error;
    }
    for (const [name, headerOf] of Object.entries(headers)) {
      const value = headerOf(result);
      if (value !== undefined) reply.header(name, value);
    }
    return reply.code(status).send(body.parse(result.structured));
  };
}

/** The headers the route reads, by name, once they and the published request are valid. */
function readRequest(route: Route, sent: unknown, request: FastifyRequest): Record<string, string | undefined> {
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
  if (checked && !checked.success)
    errors.push(...fieldErrors(checked.error.issues, route.method === 'GET' ? 'query' : 'body'));
  if (errors.length > 0) throw invalidRequest(errors);
  return read;
}
