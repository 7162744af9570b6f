// A stable capability's results kept in the service's one response cache (`capability` entries),
// keyed by the capability's name and its validated input (not by surface), so every surface asking
// the same call shares one computed result. Kept results are frozen: no caller can change what the
// next one receives. Errors (thrown) are not kept.
//
// A result is kept from the second time its input is asked (src/cache/second-ask.ts): a one-off
// search or question is answered but not kept.
import { keptFromSecondAsk } from '../cache/second-ask.ts';
import { jsonBytes, textBytes, type ResponseCache } from '../cache/response-cache.ts';
import type { Capability, CapabilityResult } from './capability.ts';

/** Runs `compute()`, or answers what was kept for the same stable capability and input. */
export type KeptResult = (
  capability: Capability,
  input: unknown,
  compute: () => Promise<CapabilityResult>,
) => CapabilityResult | Promise<CapabilityResult>;

/** The results of stable capabilities, kept in `cache` once an input is asked a second time. */
export function resultKeeper(cache: ResponseCache): KeptResult {
  const results = keptFromSecondAsk(cache.namespace('capability', resultBytes));
  return (capability, input, compute) => {
    if (!capability.stable) return compute();
    // The validated input: known keys in schema order, bounded strings; another spelling of the same
    // call is computed once more, never answered wrongly.
    const key = `${capability.name} ${JSON.stringify(input)}`;
    return results.rememberAsync(key, async () => deepFreeze(await compute()));
  };
}

/** A kept result is sized by its structured content as JSON and its text. */
const resultBytes = (result: CapabilityResult): number => jsonBytes(result.structured) + textBytes(result.text);

/** Freezes `value` and everything it holds. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
