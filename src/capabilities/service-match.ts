// Maps a challenge to the agency's services, best first; says plainly when it is outside the fit.
import { withFit } from '../domain/agency/fit.ts';
import * as z from 'zod';
import { matchServices } from '../domain/agency/match.ts';
import { defineCapability, noAuthentication, readHints, type Capability } from './capability.ts';
import type { CatalogDeps } from './deps.ts';
import { linkedServiceMatch, pageSlugs } from './links.ts';
import type { CapabilityNames } from './names.ts';
import { fitSchema, serviceMatchSchema } from './output-schemas.ts';

/** The structured answer: the same for every site, so made once for the process. */
const serviceMatchOutput = z.object({
  challenge: z.string(),
  fit: fitSchema,
  message: z.string(),
  matches: z.array(serviceMatchSchema),
});

export function serviceMatchCapability({ content, search, config }: CatalogDeps, names: CapabilityNames): Capability {
  const serviceLinks = linkedServiceMatch(config.baseUrl, pageSlugs(config.baseUrl, content));
  const { brandName: brand, examples } = content.site;
  return defineCapability({
    key: 'matchServices',
    name: names.matchServices,
    title: 'Match services to a challenge',
    description:
      `Maps a challenge (e.g. "${examples.challenge}") to ${brand}'s services, best match first, ` +
      withFit(
        `with why each fits. It says plainly when the challenge is outside ${brand}'s fit instead of forcing a match.`,
        content.site,
      ),
    input: z.strictObject({
      challenge: z
        .string()
        .trim()
        .min(3)
        .max(500)
        .describe(`The challenge in plain words, e.g. "${examples.challenge}".`),
      limit: z.int().min(1).max(Math.max(1, content.services.length)).default(3).describe('Most services to return.'),
    }),
    output: serviceMatchOutput,
    budget: 'read',
    authentication: noAuthentication,
    hints: readHints,
    a2aSkill: true,
    stable: true,
    examples: [{ challenge: examples.challenge }],
    prompts: [`${examples.challenge}; which services fit?`],
    tags: ['services', 'recommendation', 'fit'],
    askReading: {
      query: 'challenge',
      source: 'match',
      results: (output) => output.matches.length,
      outOfFit: (output) => output.fit === 'outside_fit',
    },
    handle: ({ challenge, limit }) => {
      const result = matchServices(content, search, challenge, limit);
      // A list in the site's words after its label (" Matched: …."), or nothing when it is empty.
      const said = (key: 'answers.match.keywords' | 'answers.match.caseStudies', name: string, list: string[]) =>
        list.length ? content.ui.text(key, { [name]: list.join(', ') }) : '';
      const matches = result.matches.map(serviceLinks);
      const lines = [
        result.message,
        ...matches.map(
          (m) =>
            `- ${m.name} (${m.slug}): ${m.summary}${said('answers.match.keywords', 'keywords', m.matchedKeywords)}${said('answers.match.caseStudies', 'slugs', m.caseStudies)}`,
        ),
      ];
      return { structured: { ...result, matches }, text: lines.join('\n') };
    },
  });
}
