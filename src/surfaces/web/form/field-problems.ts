// A field's problem as the enquiry checks word it ("must not be empty"), in the site's language: the
// checks speak English to every caller, and the form says the known ones in the site's words.
import type { UiKey, UiText } from '../../../domain/language/ui-text.ts';

const known: [pattern: RegExp, key: UiKey, value?: 'min' | 'max'][] = [
  [/^is required$/, 'problem.required'],
  [/^must not be empty$/, 'problem.empty'],
  [/^must be at least (\d+) characters long$/, 'problem.tooShort', 'min'],
  [/^must be at most (\d+) characters long$/, 'problem.tooLong', 'max'],
  [/^must be an e-mail address$/, 'problem.email'],
  [/^must be a single line, without line breaks$/, 'problem.oneLine'],
  [/^must not contain control characters$/, 'problem.controls'],
  [/^must not contain bidirectional text controls$/, 'problem.bidi'],
  [/^must contain visible characters$/, 'problem.invisible'],
];

/** `message` in the site's words when it is one the form knows, else as the check wrote it. */
export function fieldProblem(ui: UiText, message: string): string {
  for (const [pattern, key, value] of known) {
    const match = pattern.exec(message);
    if (match) return ui.text(key, value ? { [value]: Number(match[1]) } : {});
  }
  return message;
}
