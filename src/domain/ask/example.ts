// A question the ask answers for this content, for the documents that show how to ask: an industry
// the case studies name and, when they state sizes, a size bound, so the example shows a constraint.
import type { ContentCatalog } from '../content/catalog.ts';
import { parseAmount } from './size.ts';

export function exampleQuestion(content: Pick<ContentCatalog, 'caseStudies' | 'site'>): string {
  const study =
    content.caseStudies.find((cs) => cs.companySize && parseAmount(cs.companySize)) ?? content.caseStudies[0];
  if (!study) return `what does ${content.site.brandName} do`;
  const size = study.companySize ? parseAmount(study.companySize) : undefined;
  // A round bound below the study's own size, so the example has at least one answer.
  const bound = size ? ` above ${Math.max(1, Math.floor(size / 1e7) * 10)}M` : '';
  return study.industry
    ? `${study.industry.toLowerCase()} case studies${bound}`
    : `${content.site.brandName} case studies`;
}
