// The form's idempotency key, derived from who posted what: a resend of the same form (reload, back
// button, double click) replays the first answer, while an edited form is a new enquiry.
import { requestHash } from '../../../domain/idempotency.ts';
import type { FormFields } from './form-body.ts';

/**
 * `form-` and the sha256 of the client key and the posted fields (canonical JSON). The contact page
 * is rendered once and cached, so it cannot carry a key per visitor without JavaScript.
 * @example formIdempotencyKey('192.0.2.1', { fromName: 'Ada' }) // "form-3f1c…" (64 hex digits)
 */
export function formIdempotencyKey(client: string, fields: FormFields): string {
  return `form-${requestHash({ channel: 'form', client, fields })}`;
}
