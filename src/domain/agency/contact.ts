// Contact information for agents (MCP get_contact): a short summary or the full contact page.
import type { ContentCatalog } from '../content/catalog.ts';
import type { ContactDetails } from '../content/types.ts';
import { enquiryTopics } from '../enquiries/schema.ts';

export interface ContactInfo extends ContactDetails {
  brandName: string;
  /** Path of the contact page with its HTML form. */
  path: string;
  /** Enquiry topics accepted by send_enquiry and POST /agent/contact. */
  topics: readonly string[];
  /** detail "full" only: the contact page as markdown. */
  markdown?: string;
}

/** Contact details; `detail: 'full'` adds the contact page's markdown. */
export function getContact(catalog: ContentCatalog, detail: 'summary' | 'full' = 'summary'): ContactInfo {
  const info: ContactInfo = { brandName: catalog.site.brandName, ...catalog.contact, path: '/contact', topics: enquiryTopics };
  if (detail === 'full') info.markdown = catalog.pageBySlug('contact')?.body ?? '';
  return info;
}
