// The bound on work toward the origin: at most `slots` exchanges at once, at most `queue` waiting for
// one, each waiting no longer than its deadline. A request past either bound is refused at once, so
// a slow or wedged origin costs people a clear answer instead of a connection held without end.
import type { ClientPresence } from './client-presence.ts';

/** Why a request got no slot: the queue was full, or its wait outlived the deadline. */
export class GateRefusal extends Error {
  override name = 'GateRefusal';
  readonly reason: 'queue_full' | 'wait_timeout';
  constructor(reason: 'queue_full' | 'wait_timeout') {
    super(
      reason === 'queue_full'
        ? 'too many requests are waiting for the origin'
        : 'no connection to the origin came free in time',
    );
    this.reason = reason;
  }
}

/**
 * The one refusal of a full queue: under a flood most requests get it, and a new error each would
 * capture a stack trace that no one reads.
 */
export const queueFull = new GateRefusal('queue_full');

/** Why a wait ended without a slot: the client it was for went away. */
class ClientGone extends Error {
  override name = 'ClientGone';
  constructor() {
    super('the client went away');
  }
}

interface Waiter {
  grant(release: () => void): void;
  refuse(error: Error): void;
}

export interface Gate {
  /** A free slot's release (idempotent) at once, or undefined when none is free (then `wait` for one). */
  take(): (() => void) | undefined;
  /**
   * For a request `take` found no slot for: resolves with a slot's release (idempotent) once one passes
   * to it; rejects with GateRefusal, or ClientGone when its client goes away first.
   */
  wait(waitMs: number, client?: ClientPresence): Promise<() => void>;
  /** Exchanges holding a slot, and requests waiting for one. */
  load(): { active: number; waiting: number };
}

export function gate(slots: number, queue: number): Gate {
  let active = 0;
  const waiting = new Set<Waiter>();
  const releaser = (): (() => void) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The slot passes to the longest waiter (a Set iterates in insertion order), else frees.
      const next = waiting.values().next().value;
      if (next) {
        waiting.delete(next);
        next.grant(releaser());
      } else active -= 1;
    };
  };
  const take = (): (() => void) | undefined => {
    if (active >= slots) return undefined;
    active += 1;
    return releaser();
  };
  return {
    load: () => ({ active, waiting: waiting.size }),
    take,
    wait(waitMs, client) {
      if (waiting.size >= queue) return Promise.reject(queueFull);
      if (client?.gone) return Promise.reject(new ClientGone());
      return new Promise((resolve, reject) => {
        const done = (): void => {
          clearTimeout(timer);
          stopListening?.();
          waiting.delete(waiter);
        };
        const waiter: Waiter = {
          grant: (release) => {
            done();
            resolve(release);
          },
          refuse: (error) => {
            done();
            reject(error);
          },
        };
        const timer = setTimeout(() => waiter.refuse(new GateRefusal('wait_timeout')), waitMs);
        const stopListening = client?.onGone(() => waiter.refuse(new ClientGone()));
        waiting.add(waiter);
      });
    },
  };
}
