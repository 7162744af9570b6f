// Every text an audited site controls (a name, a binding, an error message, a fragment of a
// document) passes through here before it enters a report, so each output format (JSON, markdown,
// MCP text, A2A artifacts, the HTML page, a terminal) receives it bounded and inert: on one line,
// with no control or bidirectional character, no angle bracket that could open a tag, no `](` that
// could make a markdown link or image of it wherever it is shown, and cut short.
import { printable } from '../kernel/printable-text.ts';

/**
 * The longest of each kind of text a report holds. Twenty checks with every field at its bound,
 * plus the audited URL, stay far below `maxReportBytes`.
 */
export const reportTextLimits = { message: 300, value: 160, url: 2_048 } as const;

/** The most a serialised report may weigh; what the limits above guarantee, and a test measures. */
export const maxReportBytes = 256 * 1024;

/**
 * `value` on one line, without control or bidirectional characters, `<` and `>` written as the
 * look-alike quotation marks ‹ and › (so no markup survives in any format), `](` written `] (`,
 * at most `max` characters with an ellipsis when cut.
 */
export function siteText(value: string, max: number): string {
  // Only the start is read: a 2 MB document cited as evidence costs its first characters, not a copy.
  const head = value.length > max * 4 ? value.slice(0, max * 4) : value;
  const line = printable(head.replace(/\s+/g, ' '))
    .trim()
    .replace(/</g, '‹')
    .replace(/>/g, '›')
    .replace(/\]\(/g, '] (');
  if (line.length <= max && head.length === value.length) return line;
  // Cut on a character boundary: a lone surrogate half is not text.
  const cut = line.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '');
  return `${cut}…`;
}
