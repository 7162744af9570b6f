// Sections generated from data and appended to two content pages, so every reader (HTML, markdown
// mirror, MCP get_page) gets the same complete page: the case-study listing and the contact details.
import { caseStudyHeading } from './case-study-text.ts';
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
  // Their translations list the same, in their language.
  for (const page of catalog.pages) {
    if (page.language === undefined) continue;
    const view = catalog.inLanguage(page.language);
    if (page.translationOf === listingPageSlug) page.body = `${page.body}\n${caseStudyListMarkdown(view)}`;
    if (page.translationOf === contactPageSlug) page.body = `${page.body}\n${contactMarkdown(view)}`;
  }
}

export function caseStudyListMarkdown(content: Pick<ContentCatalog, 'caseStudies' | 'ui'>): string {
  const flagship = ` (${content.ui.text('generated.flagship')})`;
  return `${content.caseStudies
    .map(
      (cs) =>
        `- [${caseStudyHeading(cs)}](${cs.path})${cs.flagship ? flagship : ''}: ${cs.industry ? `${cs.industry}. ` : ''}${cs.summary}`,
    )
    .join('\n')}\n`;
}

export function contactMarkdown(content: Pick<ContentCatalog, 'contact' | 'ui'>): string {
  const c = content.contact;
  const t = content.ui.text;
  const lines = [`## ${t('generated.contactDetails')}`, ''];
  if (c.email) lines.push(`- **${t('generated.email')}:** [${c.email}](mailto:${c.email})`);
  if (c.phone) lines.push(`- **${t('generated.phone')}:** ${c.phone}`);
  if (c.address) {
    const address = [c.address.street, c.address.city, c.address.postcode, c.address.country].filter(Boolean);
    lines.push(`- **${t('generated.address')}:** ${address.join(', ')}`);
  }
  if (c.hours) lines.push(`- **${t('generated.hours')}:** ${c.hours}`);
  if (c.responseTime) lines.push(`- **${t('generated.responseTime')}:** ${c.responseTime}`);
  for (const link of c.social) lines.push(`- **${link.label}:** <${link.url}>`);
  if (c.bookingNote) lines.push('', c.bookingNote);
  return `${lines.join('\n')}\n`;
}
