// A stable capability's results kept in the service's one response cache (`capability` entries),
// keyed by the capability's name and its validated input (not by surface), so every surface asking
// the same call shares one computed result. Kept results are frozen: no caller can change what the
// next one receives. Errors (thrown) are not kept.
//
// A result is kept from the second time its input is asked, not the first: free-text inputs (a
// search, a question) are mostly asked once, and keeping each such answer filled the cache to its
// bound with results no one asked for again, memory the idle process then held. A repeated call is
// computed twice, then answered from the cache.
import { BoundedMemo } from '../cache/bounded-memo.ts';
import { jsonBytes, textBytes, type ResponseCache } from '../cache/response-cache.ts';
import type { Capability, CapabilityResult } from './capability.ts';

/** Runs `compute()`, or answers what was kept for the same stable capability and input. */
export type KeptResult = (
  capability: Capability,
  input: unknown,
  compute: () => Promise<CapabilityResult>,
) => CapabilityResult | Promise<CapabilityResult>;

/**
 * How many inputs asked once are remembered (their keys only, a few hundred KB at most), waiting
 * for a second ask; past it they are forgotten together and start over.
 */
const askedOnceBound = 4_096;

/** The results of stable capabilities, kept in `cache` once an input is asked a second time. */
export function resultKeeper(cache: ResponseCache): KeptResult {
  const askedOnce = new BoundedMemo<string, true>(askedOnceBound);
  const results = cache.namespace('capability', resultBytes);
  return (capability, input, compute) => {
    if (!capability.stable) return compute();
    // The validated input: known keys in schema order, bounded strings; another spelling of the same
    // call is computed once more, never answered wrongly.
    const key = `${capability.name} ${JSON.stringify(input)}`;
    if (askedOnce.get(key) === undefined) {
      // Kept before the memo of first asks was last emptied, or never asked: answered but not kept.
      const kept = results.get(key);
      if (kept !== undefined) return kept;
      askedOnce.set(key, true);
      return compute();
    }
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
