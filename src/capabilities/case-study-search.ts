// Keyword search over every case study, optionally by industry or service.
import { caseStudyLine } from '../domain/content/case-study-text.ts';
import * as z from 'zod';
import { searchCaseStudies } from '../domain/agency/case-studies.ts';
import { sizeSchema } from '../domain/ask/schema.ts';
import { defineCapability, noAuthentication, readHints, type Capability } from './capability.ts';
import type { CatalogDeps } from './deps.ts';
import { pageSlugs } from './links.ts';
import type { CapabilityNames } from './names.ts';
import { caseStudySchema } from './output-schemas.ts';
import { nonEmpty } from './site-index.ts';

/** The structured answer: the same for every site, so made once for the process. */
const caseStudySearchOutput = z.object({
  query: z.string(),
  size: sizeSchema.optional().describe('The company size the query bounds; every item is inside it.'),
  total: z.int().describe('Matches before the limit.'),
  items: z.array(caseStudySchema),
});

export function caseStudySearchCapability(
  { content, search, config }: CatalogDeps,
  names: CapabilityNames,
): Capability {
  const slugs = pageSlugs(config.baseUrl, content);
  const serviceSlugs = content.services.flatMap((s) => [s.pageSlug, s.slug]);
  const { brandName: brand, examples } = content.site;
  const first = content.services[0];
  return defineCapability({
    key: 'searchCaseStudies',
    name: names.searchCaseStudies,
    title: 'Search case studies',
    description:
      `Keyword search over all of ${brand}'s client case studies (industry, service, result, client). ` +
      `A company size in the query ("over 500 employees", "under 40M") is a filter, as in the ask. ` +
      `Returns matches with headline stat, industry, services and page slugs; an empty query lists the newest.`,
    input: z.strictObject({
      query: z
        .string()
        .trim()
        .max(200)
        .optional()
        .describe(`Keywords, e.g. "${examples.search}". Omit to list the newest.`),
      industry: z.string().trim().max(100).optional().describe('Only case studies whose industry contains this text.'),
      service: first
        ? z
            .enum(nonEmpty(serviceSlugs))
            .optional()
            .describe(
              `Only case studies that used this service: its page slug ("services/${first.slug}"; the bare "${first.slug}" works too).`,
            )
        : // A site whose services are all still gaps has none to filter by.
          z.string().max(0).optional().describe('The site lists no services yet: leave it out.'),
      limit: z.int().min(1).max(49).default(10).describe('Most results to return.'),
    }),
    output: caseStudySearchOutput,
    budget: 'read',
    authentication: noAuthentication,
    hints: readHints,
    a2aSkill: true,
    stable: true,
    examples: [{ query: examples.search, limit: 3 }],
    prompts: [`Show case studies about ${examples.search}`],
    tags: ['case-studies', 'search', 'proof'],
    askReading: { query: 'query', source: 'search', results: (output) => output.total },
    handle: (args) => {
      const { service, ...rest } = args;
      const result = searchCaseStudies(
        content,
        search,
        service ? { ...rest, service: slugs.serviceFromInput(service) } : rest,
      );
      const items = result.items.map(slugs.caseStudy);
      // The counts are placed as digits, as agents read them; `count` only chooses the plural.
      const counts = { total: String(result.total), count: result.total, shown: String(items.length) };
      const lines = [
        result.query
          ? content.ui.text('answers.search.countFor', { ...counts, query: result.query })
          : content.ui.text('answers.search.count', counts),
      ];
      for (const cs of items) lines.push(`- ${caseStudyLine(cs)} — slug ${cs.slug}`);
      return { structured: { ...result, items }, text: lines.join('\n') };
    },
  });
}
