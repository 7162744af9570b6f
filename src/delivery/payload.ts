// What every target receives about an enquiry: one JSON shape (webhook body) and one plain-text
// rendering (e-mail body, HubSpot note). Built from the stored row, so a retry sends the same content.
import type { DeliveryRow, EnquiryRow } from '../store/schema.ts';

export interface EnquiryPayload {
  reference: string;
  receivedAt: string;
  kind: string;
  topic: string;
  channel: string;
  fromName: string;
  fromEmail: string;
  organization: string | null;
  message: string;
  agentId: string | null;
  /** Id of the partner key the enquiry was sent with (`key_…`, never the key), or null. */
  keyId: string | null;
}

/** One claimed delivery together with its enquiry, as handed to a sender. */
export interface DeliveryJob {
  delivery: DeliveryRow;
  enquiry: EnquiryPayload;
}

/** A stored enquiry under the API's field names; personal fields are null once erased. */
export type EnquiryFields = Omit<EnquiryPayload, 'fromName' | 'fromEmail' | 'message'> & {
  fromName: string | null;
  fromEmail: string | null;
  message: string | null;
};

/** The one mapping from a stored row to the API's field names (payloads, CLI show and export). */
export function enquiryFields(row: EnquiryRow): EnquiryFields {
  return {
    reference: row.reference,
    receivedAt: row.received_at,
    kind: row.kind,
    topic: row.topic,
    channel: row.channel,
    fromName: row.from_name,
    fromEmail: row.from_email,
    organization: row.organization,
    message: row.message,
    agentId: row.agent_id,
    keyId: row.key_id,
  };
}

/** Undefined when the personal data is gone (erased or purged): there is nothing left to send. */
export function toPayload(row: EnquiryRow): EnquiryPayload | undefined {
  const fields = enquiryFields(row);
  const { fromName, fromEmail, message } = fields;
  if (row.erased_at || fromName === null || fromEmail === null || message === null) return undefined;
  return { ...fields, fromName, fromEmail, message };
}

/** Plain text for people to read: labelled fields, a blank line, then the message verbatim. */
export function toText(enquiry: EnquiryPayload): string {
  const lines = [
    `Reference: ${enquiry.reference}`,
    `Received: ${enquiry.receivedAt}`,
    `Kind: ${enquiry.kind}`,
    `Topic: ${enquiry.topic}`,
    `Channel: ${enquiry.channel}`,
    `Name: ${enquiry.fromName}`,
    `E-mail: ${enquiry.fromEmail}`,
  ];
  if (enquiry.organization) lines.push(`Organization: ${enquiry.organization}`);
  if (enquiry.agentId) lines.push(`Agent id (self-asserted): ${enquiry.agentId}`);
  if (enquiry.keyId) lines.push(`Partner key: ${enquiry.keyId}`);
  return `${lines.join('\n')}\n\n${enquiry.message}\n`;
}

/** For targets that render HTML (HubSpot notes): every character of user text escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
