// The REST binding of the capability catalogue: every capability that declares a route is an
// operation of the API (routed, rate limited, in the OpenAPI contract) with no code of its own. Its
// route (src/capabilities/capability.ts) says what differs from the defaults: the contract's names,
// the published request and headers, how they make the input, and the answer's status, body and
// headers. A version lists the capabilities it serves among its own operations, in contract order.
import type { Budget, Capability } from '../../capabilities/capability.ts';
import { answerCall, successOf } from './capability-answer.ts';
import { responseHeaders, type ResponseHeaderName } from './openapi/components.ts';
import type { ApiVersion, Operation, RateLimitName } from './operation.ts';

/** The tag routed capabilities are listed under in the contract, unless their route names another. */
export const capabilityTag = 'Capabilities';

const budgetsOwnLimit: Partial<Record<Budget, RateLimitName>> = { contact: 'contact', audit: 'audit' };

function operationOf(capability: Capability): Operation {
  const { key, name, title, description, input, budget } = capability;
  const route = capability.route!;
  const { method, path } = route;
  const contract = route.contract ?? { operationId: key, summary: title, description, tag: capabilityTag };
  const request = route.request ?? { schema: input, description: `The input of ${name}.` };
  const success = successOf(capability);
  const headers = Object.keys(success.headers ?? {}).map((header) => published(header, name));
  return {
    ...contract,
    method,
    path,
    rateLimit: budgetsOwnLimit[budget] ?? 'general',
    ...(method === 'GET' ? { query: request.schema } : { requestBody: request }),
    ...(route.headers && { requestHeaders: route.headers.map(({ read: _read, ...header }) => header) }),
    success: { status: success.status, description: success.description, schema: success.body, headers },
    errors: [...(route.errors ?? defaultErrors(capability))],
    handler: (context) => answerCall(capability, context),
  };
}

/**
 * A refused enquiry can also be a reused key (409) or an unrecorded one (502); a body can be too
 * large or not JSON; a capability that takes a key refuses a call without an accepted one (401).
 */
function defaultErrors({ budget, route, authentication }: Capability): number[] {
  const keyed = authentication.scheme === 'none' ? [] : [401];
  if (budget === 'contact') return [400, ...keyed, 409, 413, 415, 502];
  return [400, ...keyed, ...(route?.method === 'POST' ? [413, 415] : [])];
}

function published(header: string, capability: string): ResponseHeaderName {
  if (header in responseHeaders) return header as ResponseHeaderName;
  throw new Error(`${capability} answers ${header}, a header the contract does not describe`);
}

// Not a memo of answers: each capability's operation is made once, so the router and every mount's
// contract read the same declaration (capabilities live as long as the process).
const operations = new WeakMap<Capability, Operation>();

/**
 * The operations a version serves, in contract order: its own and the capabilities it names (a
 * named capability without a route is not served), then every other routed capability, in
 * catalogue order.
 */
export function versionOperations(version: ApiVersion, capabilities: readonly Capability[]): Operation[] {
  const routed = new Map(capabilities.filter((c) => c.route !== undefined).map((c) => [c.key, c]));
  const operationOfCapability = (capability: Capability): Operation => {
    const known = operations.get(capability) ?? operationOf(capability);
    operations.set(capability, known);
    return known;
  };
  const served = version.operations.flatMap((entry) => {
    if (!('capability' in entry)) return [entry];
    const capability = routed.get(entry.capability);
    routed.delete(entry.capability);
    return capability ? [operationOfCapability(capability)] : [];
  });
  return [...served, ...[...routed.values()].map(operationOfCapability)];
}
