// The date range of a report: `from`/`to` days as the dashboard's query string gives them, or
// `--since 7d` as the CLI gives it. Bad input is an error whose message says what is expected.
import type { DayRange } from '../../store/analytics-queries.ts';
import { dayOf } from './dimensions.ts';

export class DateRangeError extends Error {}

const dayMs = 86_400_000;
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
/** Longest range one report covers: ten years, far past the default retention. */
export const maxRangeDays = 3_660;
/** What a report covers when no range is given. */
export const defaultRangeDays = 7;

/** Days `from`..`to` (inclusive) from optional `YYYY-MM-DD` strings; the default is the last 7 days. */
export function dayRange(from: string | undefined, to: string | undefined, now = new Date()): DayRange {
  const end = to === undefined ? dayOf(now) : parseDay('to', to);
  const start =
    from === undefined ? dayOf(new Date(Date.parse(end) - (defaultRangeDays - 1) * dayMs)) : parseDay('from', from);
  if (start > end) throw new DateRangeError(`from (${start}) must not be after to (${end})`);
  if ((Date.parse(end) - Date.parse(start)) / dayMs >= maxRangeDays)
    throw new DateRangeError(`the range must be shorter than ${maxRangeDays} days`);
  return { from: start, to: end };
}

/** The last N days including today, from `7d`, `30d`, … */
export function sinceRange(since: string, now = new Date()): DayRange {
  const match = /^(\d{1,5})d$/.exec(since);
  const days = match ? Number(match[1]) : 0;
  if (days < 1 || days > maxRangeDays)
    throw new DateRangeError(
      `--since must be a number of days such as 7d or 30d (1d to ${maxRangeDays}d), got "${since}"`,
    );
  const to = dayOf(now);
  return { from: dayOf(new Date(now.getTime() - (days - 1) * dayMs)), to };
}

function parseDay(name: string, value: string): string {
  const time = Date.parse(`${value}T00:00:00Z`);
  if (!dayPattern.test(value) || Number.isNaN(time) || dayOf(new Date(time)) !== value) {
    throw new DateRangeError(`${name} must be a date written YYYY-MM-DD, such as 2026-11-23`);
  }
  return value;
}
