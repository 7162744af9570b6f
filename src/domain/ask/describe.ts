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
  content: Pick<ContentCatalog, 'site' | 'caseStudies'>,
): string {
  const brand = content.site.brandName;
  const parts: string[] = [];
  if (summary.industries.length > 0) parts.push(`in ${summary.industries.join(' or ')}`);
  if (summary.services.length > 0) parts.push(`using ${summary.services.map((s) => s.name).join(' or ')}`);
  if (summary.size) parts.push(`with a company size ${summary.size.text}`);
  const about = understood.words.length > 0 ? ` (ranked by "${understood.words.join(' ')}")` : '';
  if (parts.length === 0) {
    return total === 0
      ? `Nothing on ${brand}'s site matches "${understood.words.join(' ')}".`
      : `${total} result(s) for "${understood.words.join(' ')}", best first.`;
  }
  if (total > 0) return `${total} case ${total === 1 ? 'study' : 'studies'} ${parts.join(', ')}${about}, best first.`;
  // Say why nothing passed a size bound when the content states no sizes at all.
  const unsized =
    summary.size && !content.caseStudies.some((cs) => cs.companySize)
      ? ' None of its case studies states a company size.'
      : '';
  return `${brand} has no case studies ${parts.join(', ')}.${unsized}`;
}
