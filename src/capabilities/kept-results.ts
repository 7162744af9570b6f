// A stable capability's results kept in the service's response cache, keyed by the capability's
// name and its validated input (not by protocol), so MCP and A2A asking the same call share one
// computed result. Kept results are frozen: no caller can change what the next one receives.
// Errors (thrown) are not kept.
import { jsonBytes, textBytes, type ResponseCache } from '../cache/response-cache.ts';
import type { Capability, CapabilityResult } from './capability.ts';

/** `capability` with its results kept when it is stable (depends only on input and content), else itself. */
export function withKeptResults(capability: Capability, cache: ResponseCache): Capability {
  if (!capability.stable) return capability;
  const { name, output } = capability;
  return {
    ...capability,
    handle(input, context, sent) {
      // The validated input: known keys in schema order, bounded strings; another spelling of the
      // same call is computed once more, never answered wrongly.
      const key = `${name} ${JSON.stringify(input)}`;
      return cache.rememberAsync(
        'capability',
        key,
        async (): Promise<CapabilityResult> => {
          const { structured, text } = await capability.handle(input, context, sent);
          return deepFreeze({ structured: output.parse(structured), text });
        },
        (result) => jsonBytes(result.structured) + textBytes(result.text),
      );
    },
  };
}

/** Freezes `value` and everything it holds. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
