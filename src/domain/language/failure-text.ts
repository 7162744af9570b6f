// A failure's words in the site's language, for the protocols that answer agents with words of ours
// (MCP tool errors, A2A failures): the domain words its errors in English (error-wording.ts, the rate
// limits, the idempotency keys) and each renderer says the known ones in the site's words. A message
// not known here is kept as the domain wrote it, so an English site reads exactly what it always has.
import type { FieldError } from '../../kernel/errors.ts';
import { answersEn } from './catalogues/answers-en.ts';
import { fieldProblem } from './field-problem.ts';
import type { UiKey, UiText } from './ui-text.ts';

/**
 * Each message the domain is known to write, and its key: the English catalogue's failure sentences
 * are the domain's own messages (error-wording.ts), so reading them backwards finds the key.
 */
const known = new Map<string, UiKey>(
  Object.entries(answersEn)
    .filter(([key, sentence]) => key.startsWith('answers.failure.') && !sentence.includes('{'))
    .map(([key, sentence]) => [sentence, key as UiKey]),
);

/** `message` in the site's words when it is one the domain is known to write, else as written. */
export function failureText(ui: UiText, message: string): string {
  const key = known.get(message);
  return key ? ui.text(key) : message;
}

/** A refusal by the rate limits: which budget refused and when to come back (as rateLimitedWording). */
export function rateLimitedText(ui: UiText, message: string, seconds: number): string {
  return `${failureText(ui, message)} ${ui.text('answers.failure.retryAfter', { seconds })}`;
}

/**
 * An idempotency conflict where the key is an argument (as idempotencyConflictWording): a key used for
 * another enquiry is told to take a new one; a copy still in flight (it has a retryAfter) only to retry.
 */
export function idempotencyConflictText(ui: UiText, message: string, retryAfter: number | undefined): string {
  const said = failureText(ui, message);
  return retryAfter === undefined ? `${said} ${ui.text('answers.failure.newKey')}` : said;
}

/** Each failing field with its problem in the site's words, e.g. "slug is required". */
export function fieldProblems(ui: UiText, errors: readonly FieldError[]): FieldError[] {
  return errors.map(({ field, message }) => ({ field, message: fieldProblem(ui, message) }));
}
