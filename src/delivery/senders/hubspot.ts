// Sends an enquiry to HubSpot's CRM v3 API: upsert the contact by e-mail, then create a note with the
// message associated to that contact. The upsert is idempotent; the note is not, so a retry first
// looks among the contact's notes for one carrying this enquiry's reference (an earlier attempt may
// have created it and lost the answer) and creates the note only if there is none.
import { DeliveryFailure, httpFailure } from '../policy.ts';
import { escapeHtml, toText, type DeliveryJob, type EnquiryPayload } from '../payload.ts';
import type { Sender } from './sender.ts';

/** HubSpot-defined association type "note to contact". */
const noteToContact = 202;
/** How many of the contact's notes a retry inspects (batch read allows 100). */
const notesChecked = 100;

type Call = (
  what: string,
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  signal: AbortSignal,
) => Promise<unknown>;

export function hubspotSender(config: { accessToken: string; baseUrl: string }): Sender {
  const call = hubspotCall(config);
  return async (job: DeliveryJob, signal: AbortSignal): Promise<void> => {
    const contactId = await upsertContact(call, job.enquiry, signal);
    if (job.delivery.attempts > 1 && (await noteExists(call, contactId, job.enquiry.reference, signal))) return;
    await call(
      'note',
      'POST',
      '/crm/v3/objects/notes',
      {
        properties: { hs_timestamp: job.enquiry.receivedAt, hs_note_body: noteBody(job.enquiry) },
        associations: [
          {
            to: { id: contactId },
            types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: noteToContact }],
          },
        ],
      },
      signal,
    );
  };
}

/** One authorised JSON call to the API; any answer outside 2xx is a delivery failure policy.ts weighs. */
function hubspotCall(config: { accessToken: string; baseUrl: string }): Call {
  return async (what, method, path, body, signal) => {
    const response = await fetch(`${config.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${config.accessToken}`, 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
      redirect: 'manual',
      signal,
    });
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel();
      // 429 carries Retry-After (HubSpot's ten-second and daily windows); policy.ts honours it.
      throw httpFailure(`hubspot ${what}`, response.status, response.headers.get('retry-after'));
    }
    return response.json();
  };
}

/** The contact's id, found or created by e-mail address. */
async function upsertContact(call: Call, enquiry: EnquiryPayload, signal: AbortSignal): Promise<string> {
  const upsert = await call(
    'contact upsert',
    'POST',
    '/crm/v3/objects/contacts/batch/upsert',
    {
      inputs: [{ idProperty: 'email', id: enquiry.fromEmail, properties: contactProperties(enquiry) }],
    },
    signal,
  );
  const contactId = (upsert as { results?: { id?: unknown }[] }).results?.[0]?.id;
  if (typeof contactId !== 'string' && typeof contactId !== 'number') {
    throw new DeliveryFailure('hubspot contact upsert: answer without a contact id', true);
  }
  return String(contactId);
}

/** True when one of the contact's notes already carries this reference. */
async function noteExists(call: Call, contactId: string, reference: string, signal: AbortSignal): Promise<boolean> {
  const contact = (await call(
    'note check',
    'GET',
    `/crm/v3/objects/contacts/${encodeURIComponent(contactId)}?associations=notes`,
    undefined,
    signal,
  )) as {
    associations?: { notes?: { results?: { id?: unknown }[] } };
  };
  const ids = (contact.associations?.notes?.results ?? []).map((r) => String(r.id)).slice(-notesChecked);
  if (ids.length === 0) return false;
  const notes = (await call(
    'note check',
    'POST',
    '/crm/v3/objects/notes/batch/read',
    {
      properties: ['hs_note_body'],
      inputs: ids.map((id) => ({ id })),
    },
    signal,
  )) as { results?: { properties?: { hs_note_body?: unknown } }[] };
  return (notes.results ?? []).some((note) => String(note.properties?.hs_note_body ?? '').includes(reference));
}

/** Only fields we have: an absent organisation must not blank a company HubSpot already knows. */
function contactProperties(enquiry: EnquiryPayload): Record<string, string> {
  const [first, ...rest] = enquiry.fromName.split(/\s+/);
  const properties: Record<string, string> = { email: enquiry.fromEmail, firstname: first ?? enquiry.fromName };
  if (rest.length > 0) properties.lastname = rest.join(' ');
  if (enquiry.organization) properties.company = enquiry.organization;
  return properties;
}

/** HubSpot renders note bodies as HTML, so the text is escaped and line breaks become <br>. */
function noteBody(enquiry: EnquiryPayload): string {
  return escapeHtml(toText(enquiry)).replace(/\n/g, '<br>\n');
}
