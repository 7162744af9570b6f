// The per-request facts the SDK carries from the route to the task store and executor: the caller's
// rate-limit key (for the enquiry budget; tasks are never scoped by it), who is calling, the
// Authorization header (for skills that take a key), the digest of the message being answered and
// the outcome of the skill call made for it.
import type { AgentCard } from '@a2a-js/sdk';
import type { Caller } from '../../domain/callers/caller.ts';
import { VersionNotSupportedError } from '@a2a-js/sdk/errors';
import { ServerCallContext, validateVersion } from '@a2a-js/sdk/server';
import { a2aLegacyProtocolVersion, a2aProtocolVersion } from '../../capabilities/documents/a2a-addresses.ts';
import { queryValue } from './query-params.ts';
import type { RequestFacts } from './request-facts.ts';
import type { SkillOutcome } from './run-skill.ts';

const clientKey = 'agentsite.client';
const callerKey = 'agentsite.caller';
const authorizationKey = 'agentsite.authorization';
const outcomeKey = 'agentsite.outcome';
const retryAfterKey = 'agentsite.retryAfter';
const digestKey = 'agentsite.requestDigest';
const unkeptKey = 'agentsite.unkeptError';

/** A call context for a request with `facts` that asked for protocol `requestedVersion`. */
export function callContext(facts: RequestFacts, requestedVersion: string | undefined): ServerCallContext {
  return new ServerCallContext({
    ...(requestedVersion !== undefined && { requestedVersion }),
    state: new Map<string, unknown>([
      [clientKey, facts.client],
      [callerKey, facts.caller],
      [authorizationKey, facts.authorization],
    ]),
  });
}

/**
 * The context of a request on `binding` with `facts` that sent `version` (A2A-Version header or
 * query parameter; none means 0.3). Throws VersionNotSupportedError, saying which version to send,
 * for a version the card does not list on that binding.
 */
export function versionedContext(
  card: AgentCard,
  binding: 'JSONRPC' | 'HTTP+JSON',
  facts: RequestFacts,
  version: string | undefined,
): ServerCallContext {
  const context = callContext(facts, version);
  try {
    validateVersion(context.requestedVersion, card, binding);
  } catch {
    const sent =
      version === undefined
        ? 'A request without an A2A-Version header is read as version 0.3, which'
        : `Version ${version.slice(0, 20)}`;
    const served =
      binding === 'JSONRPC' ? `A2A ${a2aProtocolVersion} and ${a2aLegacyProtocolVersion}` : `A2A ${a2aProtocolVersion}`;
    throw new VersionNotSupportedError({
      message: `${sent} is not served on ${binding}; this binding speaks ${served}: send the header A2A-Version: ${a2aProtocolVersion}.`,
    });
  }
  return context;
}

/**
 * The requested version of a request: the A2A-Version header, else the query parameter of that name
 * (throws RequestMalformedError when the parameter is repeated).
 */
export function requestedVersion(
  headers: Record<string, string | string[] | undefined>,
  query: unknown,
): string | undefined {
  const value = headers['a2a-version'] ?? queryValue(query, 'A2A-Version');
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The request's facts as the listener gave them (the enquiry budget is counted per client key). */
export function factsOfContext(context: ServerCallContext): RequestFacts {
  const client = context.state.get(clientKey);
  return {
    client: typeof client === 'string' ? client : 'unknown',
    caller: context.state.get(callerKey) as Caller | undefined,
    authorization: context.state.get(authorizationKey) as string | undefined,
  };
}

export function setOutcome(context: ServerCallContext, outcome: SkillOutcome): void {
  context.state.set(outcomeKey, outcome);
}

export function outcomeOf(context: ServerCallContext): SkillOutcome | undefined {
  return context.state.get(outcomeKey) as SkillOutcome | undefined;
}

/** Seconds until a refused call may be retried, for the Retry-After header. */
export function setRetryAfter(context: ServerCallContext, seconds: number): void {
  context.state.set(retryAfterKey, seconds);
}

export function retryAfterOf(context: ServerCallContext): number | undefined {
  return context.state.get(retryAfterKey) as number | undefined;
}

/** Digest of the SendMessage being answered: a retry of the same message finds its task by it. */
export function setRequestDigest(context: ServerCallContext, digest: string): void {
  context.state.set(digestKey, digest);
}

export function requestDigestOf(context: ServerCallContext): string | undefined {
  return context.state.get(digestKey) as string | undefined;
}

/** Why the task of this call could not be kept (the store failed after its skill ran). */
export function setUnkeptError(context: ServerCallContext, error: unknown): void {
  context.state.set(unkeptKey, error);
}

export function unkeptErrorOf(context: ServerCallContext): unknown {
  return context.state.get(unkeptKey);
}
