// One page of the site as markdown, by slug; an unknown slug names the site-index capability.
import * as z from 'zod';
import { getPage, notFoundMessage } from '../domain/agency/site-index.ts';
import { AppError } from '../kernel/errors.ts';
import { defineCapability, noAuthentication, readHints, type Capability } from './capability.ts';
import type { CatalogDeps } from './deps.ts';
import { links } from './links.ts';
import type { CapabilityNames } from './names.ts';
import { linkFields } from './output-schemas.ts';
import { withTitle } from './page-markdown.ts';

/** The structured answer: the same for every site, so made once for the process. */
const pageOutput = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  section: z.string(),
  markdown: z.string(),
  ...linkFields,
});

export function pageCapability({ content, config }: CatalogDeps, names: CapabilityNames): Capability {
  const base = config.baseUrl;
  const { brandName: brand, examples } = content.site;
  return defineCapability({
    key: 'getPage',
    name: names.getPage,
    title: 'Page as markdown',
    description:
      `Returns one page of the ${brand} site as markdown, by slug (e.g. "home", "${examples.pageSlug}", ` +
      `"case-studies/<slug>"). Get valid slugs from ${names.getSiteIndex}; an unknown slug returns an error naming it.`,
    input: z.strictObject({
      slug: z
        .string()
        .trim()
        .min(1)
        .max(200)
        .describe(`Page slug from the site index, e.g. "about" or "${examples.pageSlug}".`),
    }),
    output: pageOutput,
    budget: 'read',
    authentication: noAuthentication,
    hints: readHints,
    a2aSkill: true,
    stable: true,
    examples: [{ slug: 'about' }],
    prompts: [],
    tags: ['site', 'markdown', 'page'],
    handle: ({ slug }) => {
      let found: ReturnType<typeof getPage>;
      try {
        found = getPage(content, slug);
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') {
          throw new AppError('not_found', notFoundMessage(content, slug, names.getSiteIndex));
        }
        throw error;
      }
      const structured = {
        slug: found.slug,
        title: found.title,
        description: found.description,
        section: found.section,
        markdown: found.body,
        ...links(base, found.slug, found.path),
      };
      return { structured, text: withTitle(found.title, found.body) };
    },
  });
}
