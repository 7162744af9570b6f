// The form's idempotency key, derived by the server from what was posted and who posted it. The
// contact page is rendered once and cached, so it cannot carry a per-visitor key without JavaScript;
// a key derived from the content makes a reload, a double click or the back button's resend of the
// same form replay the first answer, while an edited form is a new enquiry.
import { requestHash } from '../../domain/idempotency.ts';
import type { FormFields } from './form-body.ts';

/** `form-` and the sha256 of the client key and the posted fields (canonical JSON). */
export function formIdempotencyKey(client: string, fields: FormFields): string {
  return `form-${requestHash({ channel: 'form', client, fields })}`;
}
