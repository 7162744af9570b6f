// The full markdown of each page as served to agents: the content body plus the generated parts
// (the case-study listing, the contact details). HTML pages render this same markdown.
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { Page } from '../../domain/content/types.ts';

export function pageMarkdown(content: ContentCatalog, page: Page): string {
  if (page.slug === 'case-studies') return `${page.body}\n${caseStudyListMarkdown(content)}`;
  if (page.slug === 'contact') return `${page.body}\n${contactMarkdown(content)}`;
  return page.body;
}

export function caseStudyListMarkdown(content: ContentCatalog): string {
  return content.caseStudies.map((cs) =>
    `- [${cs.client}: ${cs.headlineStat}](/case-studies/${cs.slug})${cs.flagship ? ' (flagship)' : ''}: ${cs.industry}. ${cs.summary}`).join('\n') + '\n';
}

export function contactMarkdown(content: ContentCatalog): string {
  const c = content.contact;
  const lines = [`## Contact details`, '', `- **E-mail:** [${c.email}](mailto:${c.email})`];
  if (c.phone) lines.push(`- **Phone:** ${c.phone}`);
  if (c.address) lines.push(`- **Address:** ${[c.address.street, c.address.city, c.address.postcode, c.address.country].filter(Boolean).join(', ')}`);
  if (c.hours) lines.push(`- **Hours:** ${c.hours}`);
  lines.push(`- **Response time:** ${c.responseTime}`);
  for (const link of c.social) lines.push(`- **${link.label}:** <${link.url}>`);
  if (c.bookingNote) lines.push('', c.bookingNote);
  return lines.join('\n') + '\n';
}
