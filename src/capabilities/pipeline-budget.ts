// The read budget a `read` capability's call spends: the same one as every REST read (300/min per
// client, or a verified operator's own; one limiter for every surface), so a client cannot read
// without limit by switching surfaces. While the counters are unavailable calls are served, as on REST.
import { readBudget } from '../domain/callers/budget.ts';
import type { Caller } from '../domain/callers/caller.ts';
import { requestBudgetSpentMessage } from '../domain/error-wording.ts';
import { takeAtOnce, type RateLimitState } from '../domain/rate-limit/rate-limit.ts';
import { AppError } from '../kernel/errors.ts';
import type { CapabilityCall, PipelineDeps } from './pipeline-call.ts';

/** Spends one read; tells `call.onBudget` the state, then throws AppError rate_limited when it is spent. */
export async function spendReadBudget(
  deps: Pick<PipelineDeps, 'config' | 'rateLimiter'>,
  call: CapabilityCall,
  caller: Caller | undefined,
): Promise<void> {
  let state: RateLimitState;
  try {
    const [policy, key] = readBudget(caller, call.context.client, deps.config.agentRateLimitPerMinute);
    state = await takeAtOnce(deps.rateLimiter, policy, key);
  } catch {
    return;
  }
  call.onBudget?.(state);
  if (!state.allowed)
    throw new AppError('rate_limited', requestBudgetSpentMessage, { retryAfter: state.retryAfter ?? 1 });
}
