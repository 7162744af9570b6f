// The value proposition for a query: matched services, proof points and/or reasons, as asked.
import { caseStudyHeading } from '../domain/content/case-study-text.ts';
import { withFit } from '../domain/agency/fit.ts';
import * as z from 'zod';
import { getValueProposition } from '../domain/agency/why.ts';
import { defineCapability, noAuthentication, readHints, type Capability } from './capability.ts';
import type { CatalogDeps } from './deps.ts';
import { linkedServiceMatch, pageSlugs } from './links.ts';
import type { CapabilityNames } from './names.ts';
import { caseStudySchema, fitSchema, reasonSchema, serviceMatchSchema } from './output-schemas.ts';

const valueParts = ['services', 'proof_points', 'reasons'] as const;

/** The structured answer: the same for every site, so made once for the process. */
const valuePropositionOutput = z.object({
  query: z.string(),
  fit: fitSchema,
  message: z.string(),
  brandName: z.string(),
  valueProposition: z.string().optional(),
  services: z.array(serviceMatchSchema).optional(),
  proofPoints: z.array(caseStudySchema).optional(),
  reasons: z.array(reasonSchema).optional(),
});

export function valuePropositionCapability(
  { content, search, config }: CatalogDeps,
  names: CapabilityNames,
): Capability {
  const slugs = pageSlugs(config.baseUrl, content);
  const serviceLinks = linkedServiceMatch(config.baseUrl, slugs);
  const { brandName: brand, examples } = content.site;
  return defineCapability({
    key: 'getValueProposition',
    name: names.getValueProposition,
    title: 'Value proposition',
    description:
      `${brand}'s value proposition for a query: matched services, proof-point case studies and/or reasons to ` +
      withFit(
        `choose ${brand} (\`include\` picks which). Says plainly when the query is outside ${brand}'s fit.`,
        content.site,
      ),
    input: z.strictObject({
      query: z.string().trim().max(500).default('').describe(`What the prospect needs, e.g. "${examples.prospect}".`),
      include: z
        .array(z.enum(valueParts))
        .min(1)
        .max(3)
        .default([...valueParts])
        .describe('Which parts to return.'),
    }),
    output: valuePropositionOutput,
    budget: 'read',
    authentication: noAuthentication,
    hints: readHints,
    a2aSkill: true,
    stable: true,
    examples: [{ query: examples.prospect, include: ['services', 'proof_points'] }],
    prompts: [],
    tags: ['value-proposition', 'services', 'proof'],
    askReading: {
      query: 'query',
      source: 'value',
      // The services when asked for, else the proof points or the reasons.
      results: (output) => (output.services ?? output.proofPoints ?? output.reasons ?? []).length,
      outOfFit: (output) => output.fit === 'outside_fit',
    },
    handle: ({ query, include }) => {
      const result = getValueProposition(content, search, query, [...new Set(include)]);
      const { services, proofPoints, ...rest } = result;
      const structured = {
        ...rest,
        ...(services && { services: services.map(serviceLinks) }),
        ...(proofPoints && { proofPoints: proofPoints.map(slugs.caseStudy) }),
      };
      const { ui } = content;
      const lines = [result.message];
      if (result.fit === 'in_fit' && result.valueProposition) lines.push('', result.valueProposition);
      if (structured.services?.length)
        lines.push(
          '',
          ui.text('answers.value.services'),
          ...structured.services.map((s) => `- ${s.name} (${s.slug}): ${s.summary}`),
        );
      if (structured.proofPoints?.length)
        lines.push(
          '',
          ui.text('answers.value.proofPoints'),
          ...structured.proofPoints.map((p) => `- ${caseStudyHeading(p)} — slug ${p.slug}`),
        );
      if (result.reasons?.length)
        lines.push('', ui.text('answers.value.reasons'), ...result.reasons.map((r) => `- ${r.title}: ${r.body}`));
      return { structured, text: lines.join('\n') };
    },
  });
}
