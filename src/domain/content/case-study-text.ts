// How a case study is named in running text, by every surface: its client with its headline result
// and industry when the content has them (either may be a gap the import left, and is then not said).
import type { CaseStudy } from './types.ts';

type Named = Pick<CaseStudy, 'client' | 'headlineStat' | 'industry'>;

/** "Acme: 3.1x pipeline", or "Acme" while the headline is a gap. */
export function caseStudyHeading(cs: Named): string {
  return cs.headlineStat ? `${cs.client}: ${cs.headlineStat}` : cs.client;
}

/** "Acme (SaaS): 3.1x pipeline", each part said only when the content has it. */
export function caseStudyLine(cs: Named): string {
  return `${cs.client}${cs.industry ? ` (${cs.industry})` : ''}${cs.headlineStat ? `: ${cs.headlineStat}` : ''}`;
}
