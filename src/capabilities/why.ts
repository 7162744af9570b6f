// Reasons clients choose the agency, optionally on one topic.
import * as z from 'zod';
import { getReasons } from '../domain/agency/why.ts';
import { defineCapability, noAuthentication, readHints, type Capability } from './capability.ts';
import type { CatalogDeps } from './deps.ts';
import type { CapabilityNames } from './names.ts';
import { reasonSchema } from './output-schemas.ts';

/** The structured answer: the same for every site, so made once for the process. */
const whyOutput = z.object({
  brandName: z.string(),
  topic: z.string().optional(),
  topics: z.array(z.string()),
  reasons: z.array(reasonSchema),
});

export function whyCapability({ content }: CatalogDeps, names: CapabilityNames): Capability {
  const { brandName: brand, examples } = content.site;
  const topics = [...new Set(content.reasons.map((r) => r.topic))] as [string, ...string[]];
  return defineCapability({
    key: 'why',
    name: names.why,
    title: `Why ${brand}`,
    description:
      `Reasons clients choose ${brand}, each with its topic, optionally filtered by \`topic\` (the input schema ` +
      `lists the topics, e.g. ${examples.reasonTopics.map((topic) => `"${topic}"`).join(', ')}). The result also lists every topic.`,
    input: z.strictObject({ topic: z.enum(topics).optional().describe('Only reasons on this topic.') }),
    output: whyOutput,
    budget: 'read',
    authentication: noAuthentication,
    hints: readHints,
    a2aSkill: true,
    stable: true,
    examples: [{}],
    prompts: [],
    tags: ['differentiation', 'reasons'],
    handle: ({ topic }) => {
      const result = getReasons(content, topic);
      const lines = [
        content.ui.text('answers.why.heading', { brand, topic: result.topic ? ` (${result.topic})` : '' }),
        ...result.reasons.map((r) => `- ${r.title} [${r.topic}]: ${r.body}`),
        content.ui.text('answers.why.topics', { topics: result.topics.join(', ') }),
      ];
      return { structured: result, text: lines.join('\n') };
    },
  });
}
