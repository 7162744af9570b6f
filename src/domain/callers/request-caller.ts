// The caller of one incoming request, worked out once and shared by everything that asks (rate
// limits, agent insight, the capabilities). The listener that received the request keeps its one
// RequestCaller with the request's other facts, so nothing outlives the request.
import type { Caller, CallerRequest } from './caller.ts';
import type { Callers } from './callers.ts';

export interface RequestCaller {
  /**
   * A Caller at once for an unsigned request, a Promise (never rejecting) while a signature is
   * verified. Asking again returns the same answer without new work.
   * @example const caller = await facts.caller.get(); // in an async hook
   */
  get(): Caller | Promise<Caller>;
  /** The caller once it is known (after get() settled), else undefined; never starts work. */
  settled(): Caller | undefined;
}

/** The caller of `request`, classified when first asked for. */
export function requestCaller(request: CallerRequest, callers: Pick<Callers, 'classify'>): RequestCaller {
  let known: Caller | Promise<Caller> | undefined;
  return {
    get() {
      if (known !== undefined) return known;
      known = callers.classify(request);
      if (known instanceof Promise) void known.then((caller) => (known = caller));
      return known;
    },
    settled: () => (known instanceof Promise ? undefined : known),
  };
}
