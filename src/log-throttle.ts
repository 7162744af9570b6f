// A warning that can repeat at request rate (a database outage seen by every request or every flush)
// is logged once, then at most once per interval with the number of repeats held back, so an outage
// cannot flood the logs or slow the process down with its own logging.
import type { Logger } from './logger.ts';

export type ThrottledWarn = (fields: Record<string, unknown>, message: string) => void;

/** A `logger.warn` that writes at most once per `intervalMs`, counting the calls it held back. */
export function throttledWarn(logger: Logger, intervalMs = 30_000): ThrottledWarn {
  let last = Number.NEGATIVE_INFINITY;
  let suppressed = 0;
  return (fields, message) => {
    const now = Date.now();
    if (now - last < intervalMs) {
      suppressed += 1;
      return;
    }
    logger.warn(suppressed > 0 ? { ...fields, suppressed } : fields, message);
    last = now;
    suppressed = 0;
  };
}
