// The per-request facts the SDK carries from the route to the task store and executor: the caller's
// rate-limit key (which also scopes its tasks) and the outcome of the skill call made for it.
import type { AgentCard } from '@a2a-js/sdk';
import type { Caller } from '../domain/callers/caller.ts';
import { VersionNotSupportedError } from '@a2a-js/sdk/errors';
import { ServerCallContext, validateVersion } from '@a2a-js/sdk/server';
import { a2aProtocolVersion } from './paths.ts';
import type { SkillOutcome } from './run-skill.ts';

const clientKey = 'agentsite.client';
const callerKey = 'agentsite.caller';
const outcomeKey = 'agentsite.outcome';
const retryAfterKey = 'agentsite.retryAfter';

/** A call context for a request from `client` that asked for protocol `requestedVersion`. */
export function callContext(client: string, requestedVersion: string | undefined, caller?: Caller): ServerCallContext {
  return new ServerCallContext({
    ...(requestedVersion !== undefined && { requestedVersion }),
    state: new Map<string, unknown>([[clientKey, client], [callerKey, caller]]),
  });
}

/**
 * The context of a request on `binding` from `client` that sent `version` (A2A-Version header or
 * query parameter; none means 0.3). Throws VersionNotSupportedError, saying which version to send,
 * for a version the card does not list on that binding.
 */
export function versionedContext(
  card: AgentCard, binding: 'JSONRPC' | 'HTTP+JSON', client: string, version: string | undefined, caller?: Caller,
): ServerCallContext {
  const context = callContext(client, version, caller);
  try {
    validateVersion(context.requestedVersion, card, binding);
  } catch {
    const sent = version === undefined ? 'A request without an A2A-Version header is read as version 0.3' : `Version ${version.slice(0, 20)} is not served`;
    throw new VersionNotSupportedError({ message: `${sent}; this agent speaks A2A ${a2aProtocolVersion}: send the header A2A-Version: ${a2aProtocolVersion}.` });
  }
  return context;
}

/** The requested version of a request: the A2A-Version header, else the query parameter of that name. */
export function requestedVersion(headers: Record<string, string | string[] | undefined>, query: unknown): string | undefined {
  const value = headers['a2a-version'] ?? (query as Record<string, unknown> | undefined)?.['A2A-Version'];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The caller's rate-limit key; tasks are visible to the client that created them only. */
export function clientOfContext(context: ServerCallContext): string {
  const client = context.state.get(clientKey);
  return typeof client === 'string' ? client : 'unknown';
}

/** Who the caller is (agent insight records skill calls by caller family). */
export function callerOfContext(context: ServerCallContext): Caller | undefined {
  return context.state.get(callerKey) as Caller | undefined;
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
