// The message of NLWeb's Failure body in the site's language: a bad request names each failing field
// and its problem, a refusal by the rate limits says when to come back (as on every surface), a fault
// of ours says nothing about it. A refused method is worded where it is refused; a message no key
// covers is kept as the error wrote it.
import { rateLimitedWording, requestBudgetSpentMessage } from '../../domain/error-wording.ts';
import { describeBytes } from '../../domain/limit-wording.ts';
import { fieldProblem } from '../../domain/language/field-problem.ts';
import type { UiText } from '../../domain/language/ui-text.ts';
import type { AppError } from '../../kernel/errors.ts';

/** What the failure of `error` says, for a request with bodies up to `limitBytes`. */
export function failureMessage(ui: UiText, error: AppError, limitBytes: number): string {
  switch (error.code) {
    case 'invalid_request': {
      const detail = error.fieldErrors.map((e) => `${e.field} ${fieldProblem(ui, e.message)}`).join('; ');
      return detail ? ui.text('answers.nlweb.invalid', { detail }) : error.message;
    }
    case 'rate_limited': {
      // The read budget is the one /ask spends; any other budget keeps its own words.
      const seconds = error.retryAfter ?? 1;
      return error.message === requestBudgetSpentMessage
        ? ui.text('answers.nlweb.rateLimited', { seconds })
        : rateLimitedWording(error.message, seconds);
    }
    case 'payload_too_large':
      return ui.text('answers.nlweb.tooLarge', { size: describeBytes(limitBytes) });
    case 'unsupported_media_type':
      return ui.text('answers.nlweb.mediaType');
    case 'internal_error':
      return ui.text('answers.nlweb.fault');
    default:
      return error.message;
  }
}
