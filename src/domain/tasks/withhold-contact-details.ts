// Task artifacts are kept for GetTask and ListTasks, so what a client wrote must not carry an e-mail
// address or a phone number into storage: each text the client sent that the insight filter reads
// as contact details is replaced, wherever the artifact repeats it, by the filter's marker. Only the
// client's own texts are looked for: ids, dates and URLs of the answer stay as they are. The answer
// sent back at once is not changed.
import { carriesContactDetails } from '../insight/contact-details.ts';
import { withheldQuery } from '../insight/query-text.ts';

/** `value` with every occurrence of each of `sent` that carries contact details replaced by the marker. */
export function withholdContactDetails<T>(value: T, sent: readonly string[]): T {
  const withheld = sent.map((text) => text.trim()).filter((text) => text !== '' && carriesContactDetails(text));
  if (withheld.length === 0) return value;
  // The artifact repeats a text as it is and inside JSON examples (quotes and backslashes escaped).
  const forms = [...new Set(withheld.flatMap((text) => [text, JSON.stringify(text).slice(1, -1)]))].sort(
    (a, b) => b.length - a.length,
  );
  const replace = (text: string): string =>
    forms.reduce((result, form) => result.replaceAll(form, withheldQuery), text);
  return walk(value, replace) as T;
}

function walk(value: unknown, replace: (text: string) => string): unknown {
  if (typeof value === 'string') return replace(value);
  if (Array.isArray(value)) return value.map((item) => walk(item, replace));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item, replace)]));
  }
  return value;
}
