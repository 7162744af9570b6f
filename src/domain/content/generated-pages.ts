// Sections generated from data and appended to two content pages, so every reader (HTML, markdown
// mirror, MCP get_page) gets the same complete page: the case-study listing and the contact details.
import type { ContentCatalog } from './catalog.ts';

/** The page whose body ends with the generated list of every case study. */
export const listingPageSlug = 'case-studies';
export const contactPageSlug = 'contact';

/** Appends the generated sections to the listing and contact pages (called once by the loader). */
export function appendGeneratedSections(catalog: ContentCatalog): void {
  const listing = catalog.pageBySlug(listingPageSlug);
  if (listing) listing.body = `${listing.body}\n${caseStudyListMarkdown(catalog)}`;
  const contact = catalog.pageBySlug(contactPageSlug);
  if (contact) contact.body = `${contact.body}\n${contactMarkdown(catalog)}`;
}

export function caseStudyListMarkdown(content: Pick<ContentCatalog, 'caseStudies'>): string {
  return `${content.caseStudies
    .map(
      (cs) =>
        `- [${cs.client}: ${cs.headlineStat}](/case-studies/${cs.slug})${cs.flagship ? ' (flagship)' : ''}: ${cs.industry}. ${cs.summary}`,
    )
    .join('\n')}\n`;
}

export function contactMarkdown(content: Pick<ContentCatalog, 'contact'>): string {
  const c = content.contact;
  const lines = [`## Contact details`, '', `- **E-mail:** [${c.email}](mailto:${c.email})`];
  if (c.phone) lines.push(`- **Phone:** ${c.phone}`);
  if (c.address)
    lines.push(
      `- **Address:** ${[c.address.street, c.address.city, c.address.postcode, c.address.country].filter(Boolean).join(', ')}`,
    );
  if (c.hours) lines.push(`- **Hours:** ${c.hours}`);
  lines.push(`- **Response time:** ${c.responseTime}`);
  for (const link of c.social) lines.push(`- **${link.label}:** <${link.url}>`);
  if (c.bookingNote) lines.push('', c.bookingNote);
  return `${lines.join('\n')}\n`;
}
