// The REST binding of the capability catalogue: every capability that declares a route is an
// operation of the API (routed, rate limited, in the OpenAPI contract) with no code of its own.
// A GET reads its input from the query string (as strings: declare string fields), a POST from
// the JSON body; the answer is the capability's structured output.
import type { CallContext } from '../../capabilities/call-context.ts';
import type { Capability } from '../../capabilities/capability.ts';
import { parseOrThrow } from '../../domain/validation.ts';
import { clientOf, settledCallerOf } from '../../http/request-state.ts';
import type { Operation } from './operation.ts';

/** The tag routed capabilities are listed under in the contract. */
export const capabilityTag = 'Capabilities';

function operationOf(capability: Capability): Operation {
  const { key, name, title, description, input, output, budget } = capability;
  const { method, path } = capability.route!;
  // The REST API is anonymous: a capability that needs a key has no route here.
  if (capability.authentication.scheme !== 'none')
    throw new Error(`${name} needs a key; the REST API serves no such capability`);
  const contact = budget === 'contact';
  return {
    operationId: key,
    method,
    path,
    summary: title,
    description,
    tag: capabilityTag,
    rateLimit: contact ? 'contact' : 'general',
    ...(method === 'GET' ? { query: input } : { requestBody: { schema: input, description: `The input of ${name}.` } }),
    success: { status: 200, description: title, schema: output },
    errors: contact ? [400, 409, 413, 415, 502] : [400, ...(method === 'POST' ? [413, 415] : [])],
    handler:
      ({ services }) =>
      async (request) => {
        const sent = method === 'GET' ? request.query : request.body;
        const args = parseOrThrow(input, sent ?? {}, method === 'GET' ? 'query' : 'body');
        const context: CallContext = {
          client: clientOf(request, services),
          caller: settledCallerOf(request),
          authorization: request.headers.authorization,
          channel: 'rest',
          logger: services.logger,
        };
        const { structured } = await capability.handle(args, context, sent);
        return output.parse(structured);
      },
  };
}

/** The operations of the routed capabilities, in catalogue order. */
export function capabilityOperations(capabilities: readonly Capability[]): Operation[] {
  return capabilities.filter((capability) => capability.route !== undefined).map(operationOf);
}
