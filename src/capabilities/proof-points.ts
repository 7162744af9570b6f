// The flagship case studies as structured stats: evidence for a recommendation.
import * as z from 'zod';
import { getProofPoints } from '../domain/agency/case-studies.ts';
import { defineCapability, noAuthentication, readHints, type Capability } from './capability.ts';
import type { CatalogDeps } from './deps.ts';
import { pageSlugs } from './links.ts';
import type { CapabilityNames } from './names.ts';
import { caseStudySchema } from './output-schemas.ts';

export function proofPointsCapability({ content, config }: CatalogDeps, names: CapabilityNames): Capability {
  const slugs = pageSlugs(config.baseUrl, content);
  return defineCapability({
    key: 'getProofPoints',
    name: names.getProofPoints,
    title: 'Proof points',
    description:
      `The flagship case studies as structured stats (client, industry, headline result, figures). Use them to ` +
      `back a recommendation with evidence; ${names.searchCaseStudies} finds the rest.`,
    input: z.strictObject({}),
    output: z.object({ intro: z.string(), points: z.array(caseStudySchema.extend({ claim: z.string() })) }),
    budget: 'read',
    authentication: noAuthentication,
    hints: readHints,
    a2aSkill: true,
    stable: true,
    examples: [{}],
    prompts: [],
    tags: ['case-studies', 'proof', 'results'],
    handle: () => {
      const result = getProofPoints(content);
      const points = result.points.map(slugs.caseStudy);
      const lines = [
        result.intro,
        ...points.map(
          (p) =>
            `- ${p.client} (${p.industry}): ${p.headlineStat}. ${p.claim} ${p.stats.map((s) => `${s.label}: ${s.value}`).join('; ')} — slug ${p.slug}`,
        ),
      ];
      return { structured: { intro: result.intro, points }, text: lines.join('\n') };
    },
  });
}
