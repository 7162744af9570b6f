// Limits worded for people in the site's language: a wait before retrying and a rate policy. The
// rounding is the one of src/domain/limit-wording.ts, which words them in English for agents.
import type { UiText } from '../../domain/language/ui-text.ts';
import { roundedWait } from '../../domain/limit-wording.ts';
import type { RatePolicy } from '../../domain/rate-limit/rate-limit.ts';

/** "2 minutes", "2 Minuten". */
export function waitInWords(ui: UiText, seconds: number): string {
  const { count, unit } = roundedWait(seconds);
  return ui.text(unit === 'second' ? 'wait.seconds' : unit === 'minute' ? 'wait.minutes' : 'wait.hours', { count });
}

const windowKeys = { 1: 'rate.perSecond', 60: 'rate.perMinute', 3600: 'rate.perHour', 86400: 'rate.perDay' } as const;

/** "3 per minute and 20 per day", "3 pro Minute und 20 pro Tag". */
export function ratePolicyInWords(ui: UiText, policy: RatePolicy): string {
  const windows = policy.windows.map(({ limit, seconds }) =>
    ui.text(windowKeys[seconds as keyof typeof windowKeys] ?? 'rate.perSeconds', { limit, seconds }),
  );
  return new Intl.ListFormat(ui.locale, { type: 'conjunction' }).format(windows);
}
