// The read budget of a verified agent operator: many users of one assistant share a few egress
// addresses, so a verified operator is counted by its identity (its key directory origin) instead
// of per client address. Everyone else keeps the per-address budget; contact stays per address.
import { generalPolicy, type RatePolicy } from '../rate-limit/rate-limit.ts';
import type { Caller } from './caller.ts';

const policies = new Map<number, RatePolicy>();

/**
 * The operator budget's policy: one window of `perMinute` requests (AGENT_RATE_LIMIT_PER_MINUTE).
 * The same object for the same limit, as limiters recognise the policies they count by identity.
 */
export function agentPolicy(perMinute: number): RatePolicy {
  let policy = policies.get(perMinute);
  if (!policy)
    policies.set(
      perMinute,
      (policy = { name: 'agent', windows: [{ name: 'agent-minute', limit: perMinute, seconds: 60 }] }),
    );
  return policy;
}

/**
 * The rate-limit key of a verified operator (`agent:https://agent.example`), or undefined for a
 * caller that stays budgeted per client address. The prefix keeps it apart from any address.
 */
export function agentBudgetKey(caller: Caller | undefined): string | undefined {
  return caller?.verified && caller.agentKey !== undefined ? `agent:${caller.agentKey}` : undefined;
}

/**
 * The budget a read spends, on every surface (REST, A2A, MCP read tools): its verified operator's
 * (`perMinute`, AGENT_RATE_LIMIT_PER_MINUTE), else the general per-client budget of `clientKey`.
 * @example const [policy, key] = readBudget(caller, clientKey, config.agentRateLimitPerMinute);
 */
export function readBudget(caller: Caller | undefined, clientKey: string, perMinute: number): [RatePolicy, string] {
  const operator = agentBudgetKey(caller);
  return operator === undefined ? [generalPolicy, clientKey] : [agentPolicy(perMinute), operator];
}
