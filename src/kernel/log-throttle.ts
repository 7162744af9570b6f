// A log line that can repeat at request rate (a database outage seen by every request, a client
// sending malformed requests or wrong keys) is written once, then at most once per interval with
// the number of repeats held back, so neither an outage nor one client can flood the logs or slow
// the process down with its own logging. Client faults use info: error is for the server's faults.
import type { Logger } from './logger.ts';

export type ThrottledLog = (fields: Record<string, unknown>, message: string) => void;

/** A logger call at `level` that writes at most once per `intervalMs`, counting the calls it held back. */
export function throttledLog(logger: Logger, level: 'warn' | 'info' | 'debug', intervalMs = 30_000): ThrottledLog {
  let last = Number.NEGATIVE_INFINITY;
  let suppressed = 0;
  return (fields, message) => {
    const now = Date.now();
    if (now - last < intervalMs) {
      suppressed += 1;
      return;
    }
    logger[level](suppressed > 0 ? { ...fields, suppressed } : fields, message);
    last = now;
    suppressed = 0;
  };
}

/** A `logger.warn` that writes at most once per `intervalMs`, counting the calls it held back. */
export function throttledWarn(logger: Logger, intervalMs = 30_000): ThrottledLog {
  return throttledLog(logger, 'warn', intervalMs);
}
