// The per-request facts the SDK carries from the route to the task store and executor: the caller's
// rate-limit key (which also scopes its tasks) and the outcome of the skill call made for it.
import { ServerCallContext } from '@a2a-js/sdk/server';
import type { SkillOutcome } from './run-skill.ts';

const clientKey = 'agentsite.client';
const outcomeKey = 'agentsite.outcome';
const retryAfterKey = 'agentsite.retryAfter';

/** A call context for a request from `client` that asked for protocol `requestedVersion`. */
export function callContext(client: string, requestedVersion: string | undefined): ServerCallContext {
  return new ServerCallContext({
    ...(requestedVersion !== undefined && { requestedVersion }),
    state: new Map([[clientKey, client]]),
  });
}

/** The caller's rate-limit key; tasks are visible to the client that created them only. */
export function clientOfContext(context: ServerCallContext): string {
  const client = context.state.get(clientKey);
  return typeof client === 'string' ? client : 'unknown';
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
