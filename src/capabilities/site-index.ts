// Site index: every page by section, with an optional keyword search across pages and case studies.
import { withFit } from '../domain/agency/fit.ts';
import * as z from 'zod';
import { getSiteIndex } from '../domain/agency/site-index.ts';
import { defineCapability, noAuthentication, readHints, type Capability } from './capability.ts';
import type { CatalogDeps } from './deps.ts';
import { links } from './links.ts';
import type { CapabilityNames } from './names.ts';
import { pageEntrySchema, searchHitSchema } from './output-schemas.ts';

export const nonEmpty = (values: string[]): [string, ...string[]] => values as [string, ...string[]];

/** The structured answer: the same for every site, so made once for the process. */
const siteIndexOutput = z.object({
  brandName: z.string(),
  tagline: z.string(),
  fit: z.string().optional().describe('Who the agency serves, and who not.'),
  valueProposition: z.string().optional(),
  sample: z.boolean().describe('True when the site is a demonstration, not a real agency.'),
  sections: z.array(
    z.object({ id: z.string(), title: z.string(), description: z.string(), pages: z.array(pageEntrySchema) }),
  ),
  matches: z.array(searchHitSchema).optional().describe('Keyword matches, best first (only with query).'),
});

export function siteIndexCapability({ content, search, config }: CatalogDeps, names: CapabilityNames): Capability {
  const base = config.baseUrl;
  const { brandName: brand, examples } = content.site;
  return defineCapability({
    key: 'getSiteIndex',
    name: names.getSiteIndex,
    title: 'Site index',
    description:
      `Lists every page of the ${brand} site by section (slug, title, summary, URLs). Call this first to learn ` +
      `real slugs for ${names.getPage}. Optional: \`section\` to list one section, \`query\` for a keyword search ` +
      withFit('across pages.', content.site),
    input: z.strictObject({
      section: z
        .enum(nonEmpty(content.sections.map((s) => s.id)))
        .optional()
        .describe('List only this section.'),
      query: z.string().trim().max(200).optional().describe('Keywords to search across all pages and case studies.'),
    }),
    output: siteIndexOutput,
    budget: 'read',
    authentication: noAuthentication,
    hints: readHints,
    a2aSkill: true,
    stable: true,
    examples: [{ query: examples.search }],
    prompts: [],
    tags: ['site', 'index', 'navigation'],
    askReading: {
      query: 'query',
      source: 'site-index',
      results: (output) => output.matches?.length ?? 0,
      // The index lists what the site has and judges no fit: its `fit` is the agency's own sentence.
      outOfFit: () => false,
    },
    handle: ({ section, query }) => {
      const index = getSiteIndex(content, search, { ...(section && { section }), ...(query && { query }) });
      const { matches, ...rest } = index;
      const structured = {
        ...rest,
        sections: index.sections.map((s) => ({
          ...s,
          pages: s.pages.map((p) => ({ ...p, ...links(base, p.slug, p.path) })),
        })),
        ...(matches && { matches: matches.map((hit) => ({ ...hit, ...links(base, hit.slug, hit.path) })) }),
      };
      const { ui } = content;
      const lines = [ui.text('answers.index.heading', { brand: index.brandName }), '', index.tagline, ''];
      if (index.fit) lines.push(ui.text('answers.index.fit', { fit: index.fit.trim() }));
      if (structured.matches) {
        lines.push(
          '',
          ui.text('answers.index.matches', { query: query ?? '' }),
          ...structured.matches.map((m) => `- ${m.slug}: ${m.title} — ${m.description}`),
        );
        if (structured.matches.length === 0) lines.push(ui.text('answers.index.noMatch'));
      }
      for (const s of structured.sections) {
        lines.push(
          '',
          `## ${s.title} (${s.id})`,
          s.description,
          ...s.pages.map((p) => `- ${p.slug}: ${p.title} — ${p.description}`),
        );
      }
      return { structured, text: lines.join('\n') };
    },
  });
}
