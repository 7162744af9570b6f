// Whether a reference names a recorded enquiry, for the form's thank-you page: it confirms only what
// was really recorded and reveals nothing else about the enquiry.
import type { Kysely } from 'kysely';
import { findEnquiry } from '../../store/enquiries.ts';
import type { Tables } from '../../store/schema.ts';
import { currentSiteKey } from '../sites/site-scope.ts';
import { enquiryReferencePattern } from './schema.ts';

/** True when `reference` is well-formed and names a recorded enquiry; rejects when the store fails. */
export async function isRecordedEnquiry(db: Kysely<Tables>, reference: string): Promise<boolean> {
  return enquiryReferencePattern.test(reference) && (await findEnquiry(db, reference, currentSiteKey())) !== undefined;
}
