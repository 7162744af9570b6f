// A field's problem as the checks word it ("must not be empty", src/domain/validation.ts), in the
// site's language: the checks speak English to every caller, and the form and the failures of
// NLWeb, MCP and A2A say the known ones in the site's words. A problem not known here is kept as
// the check wrote it.
import type { UiKey, UiText } from './ui-text.ts';

/** What a problem places: a bound (a number) or the values allowed, as the check listed them. */
type Placed = 'min' | 'max' | 'values';

const known: [pattern: RegExp, key: UiKey, value?: Placed][] = [
  [/^is required$/, 'problem.required'],
  [/^must not be empty$/, 'problem.empty'],
  [/^must be at least (\d+) characters long$/, 'problem.tooShort', 'min'],
  [/^must be at most (\d+) characters long$/, 'problem.tooLong', 'max'],
  [/^must be at least (\d+)$/, 'answers.problem.atLeast', 'min'],
  [/^must be at most (\d+)$/, 'answers.problem.atMost', 'max'],
  // The allowed values as JSON writes them ("a", "b"): names, the same in every language.
  [/^must be one of (.+)$/, 'answers.problem.oneOf', 'values'],
  [/^must be an e-mail address$/, 'problem.email'],
  [/^must be a single line, without line breaks$/, 'problem.oneLine'],
  [/^must not contain control characters$/, 'problem.controls'],
  [/^must not contain bidirectional text controls$/, 'problem.bidi'],
  [/^must contain visible characters$/, 'problem.invisible'],
  [/^is not a known field$/, 'answers.problem.unknownField'],
  [/^could not be read$/, 'answers.problem.unreadable'],
  [/^is invalid$/, 'answers.problem.invalid'],
];

// "must be a string, not a number": the type names as validation.ts writes them, with their article;
// the catalogues name these types (answers.type), any other mismatch is kept as written.
const typeMismatch = /^must be (?:an? )?(\w+), not (?:an? )?(\w+)$/;
const namedTypes = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

/** `message` in the site's words when it is one the checks are known to write, else as written. */
export function fieldProblem(ui: UiText, message: string): string {
  for (const [pattern, key, value] of known) {
    const match = pattern.exec(message);
    if (match) return ui.text(key, value ? { [value]: value === 'values' ? match[1]! : Number(match[1]) } : {});
  }
  const types = typeMismatch.exec(message);
  const [, expected, actual] = types ?? [];
  if (expected && actual && namedTypes.has(expected) && namedTypes.has(actual)) {
    return ui.text('answers.problem.type', {
      expected: ui.text('answers.type', { type: expected }),
      actual: ui.text('answers.typeNot', { type: actual }),
    });
  }
  return message;
}
