// The flagship case studies as structured stats: evidence for a recommendation.
import { caseStudyLine } from '../domain/content/case-study-text.ts';
import * as z from 'zod';
import { getProofPoints } from '../domain/agency/case-studies.ts';
import { defineCapability, noAuthentication, readHints, type Capability } from './capability.ts';
import type { CatalogDeps } from './deps.ts';
import { pageSlugs } from './links.ts';
import type { CapabilityNames } from './names.ts';
import { caseStudySchema } from './output-schemas.ts';

/** It takes nothing. */
const noInput = z.strictObject({});

/** The structured answer: the same for every site, so made once for the process. */
const proofPointsOutput = z.object({
  intro: z.string().optional(),
  points: z.array(caseStudySchema.extend({ claim: z.string() })),
});

export function proofPointsCapability({ content, config }: CatalogDeps, names: CapabilityNames): Capability {
  const slugs = pageSlugs(config.baseUrl, content);
  return defineCapability({
    key: 'getProofPoints',
    name: names.getProofPoints,
    title: 'Proof points',
    description:
      `The flagship case studies as structured stats (client, industry, headline result, figures). Use them to ` +
      `back a recommendation with evidence; ${names.searchCaseStudies} finds the rest.`,
    input: noInput,
    output: proofPointsOutput,
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
        ...(result.intro ? [result.intro] : []),
        ...points.map(
          (p) =>
            `- ${caseStudyLine(p)}. ${p.claim} ${p.stats.map((s) => `${s.label}: ${s.value}`).join('; ')} — slug ${p.slug}`,
        ),
      ];
      const structured = { ...(result.intro !== undefined && { intro: result.intro }), points };
      return { structured, text: lines.join('\n') };
    },
  });
}
