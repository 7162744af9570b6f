// The one sentence an answer opens with: what the question was understood to ask, and how much of
// the content meets it, so an agent can tell "nothing matches" from "not understood".
import type { ContentCatalog } from '../content/catalog.ts';
import type { Understood } from './question.ts';

interface Summary {
  industries: string[];
  services: { name: string }[];
  size?: { text: string };
}

export function describe(
  understood: Understood,
  summary: Summary,
  total: number,
  content: Pick<ContentCatalog, 'site' | 'caseStudies' | 'services' | 'ui'>,
): string {
  const { ui } = content;
  const brand = content.site.brandName;
  const words = understood.words.join(' ');
  const either = (names: string[]): string => names.join(` ${ui.text('ask.or')} `);
  const parts: string[] = [];
  if (summary.industries.length > 0) parts.push(ui.text('ask.inIndustries', { list: either(summary.industries) }));
  if (summary.services.length > 0)
    parts.push(ui.text('ask.usingServices', { list: either(summary.services.map((s) => s.name)) }));
  if (summary.size) parts.push(ui.text('ask.withSize', { size: summary.size.text }));
  const about = understood.words.length > 0 ? ui.text('ask.rankedBy', { words }) : '';
  if (understood.offer) {
    const names = content.services.map((service) => service.name);
    return ui.text('ask.offer', { brand, count: names.length, list: names.join(', ') });
  }
  if (parts.length === 0) {
    return total === 0 ? ui.text('ask.nothing', { brand, words }) : ui.text('ask.results', { total, words });
  }
  if (total > 0) return ui.text('ask.caseStudies', { total, parts: parts.join(', '), about });
  // Say why nothing passed a size bound when the content states no sizes at all.
  const unsized = summary.size && !content.caseStudies.some((cs) => cs.companySize) ? ui.text('ask.unsized') : '';
  return ui.text('ask.none', { brand, parts: parts.join(', '), unsized });
}
