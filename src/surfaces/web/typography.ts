// Typography of figures for people: a true minus sign (U+2212) for negatives, "×" for multiples and
// a narrow no-break space (U+202F) that keeps a number with its unit. HTML only: the markdown twins
// keep the content's plain characters, which agents parse more reliably. The arrow is escaped in the
// patterns so the bundle stays one-byte text in memory (esbuild escapes strings, not regex literals).
import { trustedHtml, type Html } from '../../kernel/html-template.ts';

const minus = '\u2212';
const thin = '\u202F';

/** One figure or short phrase, e.g. "-22 days" → "−22 days" (no break), "3.1x" → "3.1×". */
export function typeset(text: string): string {
  return text
    .replace(/(^|[\s(>\u2192])-(?=\d)/g, `$1${minus}`)
    .replace(/(\d)x(?=$|[\s,.;)])/g, '$1×')
    .replace(/(\d)h(?=$|[\s,.;)])/g, `$1${thin}h`)
    .replace(/(\d) (?=(?:days?|weeks?|months?|min|points?|hours?|queries|reports|accounts)\b)/g, `$1${thin}`)
    .replace(/ \u2192 /g, `${thin}\u2192${thin}`);
}

/** Applies `typeset` to the text between tags of an HTML fragment rendered from content markdown. */
export function typesetHtml(fragment: Html): Html {
  // Trusted: the fragment was markup already, and typeset only swaps characters for others that need no escaping.
  return trustedHtml(fragment.replace(/>([^<]+)</g, (_match, text: string) => `>${typeset(text)}<`));
}
