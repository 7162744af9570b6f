// What insight's tallies share: the label of the hour or day a count falls in, formatted once a
// period, and a caller's family as a row stores it.
import { storableText } from '../../store/storable-text.ts';
import type { CallerDims } from './dimensions.ts';

const maxFamilyLength = 40;

/** The label of the period (of `ms`, from the epoch, so UTC) holding a time, formatted once a period. */
export function periodLabel(ms: number, format: (at: Date) => string): (at: number) => string {
  let start = Number.NEGATIVE_INFINITY;
  let text = '';
  return (at) => {
    if (at < start || at >= start + ms) {
      start = at - (at % ms);
      text = format(new Date(at));
    }
    return text;
  };
}

/** The caller's family as a row keeps it: bounded, printable, "Other" when empty. */
export function callerFamily(caller: CallerDims): string {
  return storableText(caller.family.slice(0, maxFamilyLength)) || 'Other';
}
