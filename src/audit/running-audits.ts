// The per-instance bound on audits running at once: each audit holds sockets and up to 8 MiB of
// documents for up to a minute, so a burst from many clients (each within its budget) must not
// exhaust this process. A refused audit is told when to retry, as a rate limit is.
export const maxRunningAudits = 4;
/** Seconds a caller refused for want of a free slot is asked to wait: a local audit's usual length. */
export const busyRetryAfterSeconds = 10;

export interface RunningAudits {
  /** Takes a slot, or returns false when every slot is busy. */
  tryEnter(): boolean;
  leave(): void;
  readonly running: number;
}

export function createRunningAudits(limit = maxRunningAudits): RunningAudits {
  let running = 0;
  return {
    tryEnter() {
      if (running >= limit) return false;
      running += 1;
      return true;
    },
    leave() {
      running = Math.max(0, running - 1);
    },
    get running() {
      return running;
    },
  };
}
