// The notes of a content run: things that are allowed but worth telling the author (an optional
// field left out, a language without words of its own, a skill or study the ask reads less well).
import { parseCompanySize } from '../ask/size.ts';
import { hasCatalogue } from '../language/ui-text.ts';
import { optionalNotes } from './optional-notes.ts';
import type { CaseStudy, SkillFile } from './types.ts';
import { uiFile } from './ui-file.ts';

interface NoteSources {
  raw: Map<string, unknown>;
  language: string | undefined;
  skills: SkillFile[];
  caseStudies: CaseStudy[];
}

/** The notes, in the order authors see them. */
export function contentNotes({ raw, language, skills, caseStudies }: NoteSources): string[] {
  return [
    ...optionalNotes(raw.get('site.yaml'), raw.get('contact.yaml')),
    ...(language !== undefined && !hasCatalogue(language)
      ? [
          `site.yaml language: the product has no words in "${language}", so the site's words are English except those ${uiFile} gives`,
        ]
      : []),
    ...skills
      .filter((skill) => skill.representativeQueries.length === 0)
      .map(
        (skill) =>
          `skills/${skill.name}/SKILL.md metadata.representative-queries: not set, so the ai-catalog takes its queries from the description`,
      ),
    ...caseStudies
      .filter((cs) => cs.companySize !== undefined && Object.keys(parseCompanySize(cs.companySize)).length === 0)
      .map(
        (cs) =>
          `case-studies/${cs.slug}.md companySize: "${cs.companySize}" has no figure with a unit (such as 42M ARR), so the ask finds this study for no size bound`,
      ),
  ];
}
