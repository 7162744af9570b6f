// Contact information for agents (MCP get_contact): a short summary or the full contact page.
import type { ContentCatalog } from '../content/catalog.ts';
import type { ContactDetails } from '../content/types.ts';

export interface ContactInfo extends Omit<ContactDetails, 'topics'> {
  brandName: string;
  /** Path of the contact page with its HTML form. */
  path: string;
  /** Enquiry topics the agency offers (content), accepted by send_enquiry and POST /agent/contact. */
  topics: string[];
  /** detail "full" only: the contact page as markdown. */
  markdown?: string;
}

/** Contact details; `detail: 'full'` adds the contact page's markdown. */
export function getContact(catalog: ContentCatalog, detail: 'summary' | 'full' = 'summary'): ContactInfo {
  const info: ContactInfo = {
    brandName: catalog.site.brandName,
    ...catalog.contact,
    path: catalog.site.paths.contact,
    topics: catalog.contact.topics.map((topic) => topic.id),
  };
  if (detail === 'full') info.markdown = catalog.pageBySlug('contact')?.body ?? '';
  return info;
}
