// Rate-limit windows are fixed (a minute resets on the minute, a day at 00:00 UTC): a test that
// spends or seeds a window starts well inside it, so no reset lands in the middle of the test.
import { setTimeout as sleep } from 'node:timers/promises';

/** Waits for the next minute when fewer than `seconds` (default 10) of this one are left. */
export async function awayFromMinuteBoundary(seconds = 10): Promise<void> {
  const intoMinute = (Date.now() / 1000) % 60;
  if (intoMinute > 60 - seconds) await sleep((61 - intoMinute) * 1000);
}

/** Seconds left in the current UTC day, the contact day window's span. */
export function secondsToDayEnd(): number {
  return 86_400 - ((Date.now() / 1000) % 86_400);
}

/** Waits for the next UTC day when fewer than 5 s of this one are left. */
export async function awayFromDayBoundary(): Promise<void> {
  if (secondsToDayEnd() < 5) await sleep((secondsToDayEnd() + 1) * 1000);
}
