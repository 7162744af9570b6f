// The idle RSS reading: how much memory the server keeps once a burst is over. Right after a load the
// process still holds the burst's garbage (V8 frees it in its memory reducer's GCs, some of its 8 s
// ticks after the load stops, and glibc returns freed pages only when the top of its heap is free), so
// a reading at a fixed moment measures where that clean-up happens to be. This one waits until RSS holds still.
import { residentMb } from './processes.ts';

export interface SettledRss {
  /** RSS once it held still for `holdSeconds`, or the last reading if it never did within `maxSeconds`. */
  mb: number;
  /** Seconds from the start of the wait to the reading. */
  seconds: number;
  /** RSS `fixedSeconds` into the wait: the reading the bench took before, kept for comparison. */
  atFixedMb: number;
  /** False when RSS was still falling at `maxSeconds`. */
  settled: boolean;
}

/** RSS may move by this much and still count as holding still (timers of an idle process allocate a little). */
const stillMb = 1;

/**
 * Reads RSS every second until the readings of the last `holdSeconds` lie within `stillMb` of each other
 * (and at least `fixedSeconds` have passed), at most `maxSeconds`. Example: `await settledRss(pid, 20, 120, 10)`.
 */
export async function settledRss(
  pid: number,
  holdSeconds: number,
  maxSeconds: number,
  fixedSeconds: number,
): Promise<SettledRss> {
  const readings: number[] = [residentMb(pid)];
  let atFixedMb = Number.NaN;
  for (let second = 1; second <= maxSeconds; second += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    readings.push(residentMb(pid));
    if (second === fixedSeconds) atFixedMb = readings.at(-1)!;
    const window = readings.slice(-(holdSeconds + 1));
    const held = window.length === holdSeconds + 1 && Math.max(...window) - Math.min(...window) <= stillMb;
    if (held && second >= fixedSeconds) return { mb: readings.at(-1)!, seconds: second, atFixedMb, settled: true };
  }
  return { mb: readings.at(-1)!, seconds: maxSeconds, atFixedMb, settled: false };
}
