// How limits read in documents (/developers, the OpenAPI contract) and on pages: "5 per minute and
// 50 per day", "16 KiB", "2 minutes". Limits are worded only through these, so words follow the rules.
import type { RatePolicy } from './rate-limit/rate-limit.ts';

const units: [seconds: number, unit: string][] = [
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
];

/** One window's length in words: "minute", "day", "10 minutes". */
function period(seconds: number): string {
  for (const [size, unit] of units) {
    if (seconds === size) return unit;
    if (seconds % size === 0) return `${seconds / size} ${unit}s`;
  }
  return `${seconds} seconds`;
}

/**
 * Every window of a policy, e.g. "5 per minute and 50 per day".
 * @example describeRatePolicy(contactPolicy) // "5 per minute and 50 per day"
 */
export function describeRatePolicy(policy: RatePolicy): string {
  const parts = policy.windows.map((window) => `${window.limit} per ${period(window.seconds)}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
}

/**
 * A byte bound in KiB when it is a whole number of them, else in bytes.
 * @example describeBytes(16 * 1024) // "16 KiB"
 */
export function describeBytes(bytes: number): string {
  return bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}

/** "1 minute", "3 minutes": a count with its unit, singular for one. */
function count(value: number, unit: string): string {
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}

/**
 * A wait before retrying, in words for people, rounded up to a whole unit.
 * @example describeWait(40) // "40 seconds"; describeWait(61) // "2 minutes"; describeWait(7200) // "2 hours"
 */
export function describeWait(seconds: number): string {
  const wait = roundedWait(seconds);
  return count(wait.count, wait.unit);
}

/** A wait rounded up to a whole unit, for pages that word it in their own language. */
export function roundedWait(seconds: number): { count: number; unit: 'second' | 'minute' | 'hour' } {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return { count: whole, unit: 'second' };
  if (whole <= 3_600) return { count: Math.ceil(whole / 60), unit: 'minute' };
  return { count: Math.ceil(whole / 3_600), unit: 'hour' };
}
