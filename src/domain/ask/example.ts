// A question the ask answers for this content, in its language, for the documents that show how to
// ask: an industry the case studies name and, when they state sizes, a size bound, so the example
// shows a constraint (example.* in the UI catalogue).
import type { ContentCatalog } from '../content/catalog.ts';
import { parseCompanySize } from './size.ts';

export function exampleQuestion(content: Pick<ContentCatalog, 'caseStudies' | 'site' | 'ui'>): string {
  const { ui } = content;
  const brand = content.site.brandName;
  const sizeOf = (text: string | undefined) => (text ? parseCompanySize(text) : {});
  const study =
    content.caseStudies.find((cs) => cs.industry && Object.keys(sizeOf(cs.companySize)).length > 0) ??
    content.caseStudies.find((cs) => cs.industry);
  if (!study?.industry)
    return content.caseStudies.length > 0 ? ui.text('example.brand', { brand }) : ui.text('example.none', { brand });
  const { revenue, employees } = sizeOf(study.companySize);
  // A round bound below the study's own size, so the example has at least one answer.
  const tens = revenue === undefined ? undefined : roundBelow(revenue, 1e7);
  const hundreds = employees === undefined ? undefined : roundBelow(employees, 100);
  const bound =
    tens !== undefined
      ? ui.text('example.revenue', { amount: tens / 1e6 })
      : hundreds !== undefined
        ? ui.text('example.employees', { count: hundreds })
        : '';
  return ui.text('example.question', { industry: study.industry, bound });
}

/** The largest positive multiple of `step` below `value`, if any. */
function roundBelow(value: number, step: number): number | undefined {
  const below = Math.floor((value - 1) / step) * step;
  return below > 0 ? below : undefined;
}
