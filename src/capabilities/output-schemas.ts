// Output schemas shared by several tools (the structuredContent contract). Each field an agent
// reads is described; absolute URLs come from BASE_URL so links work outside the MCP session.
// Conventions of this surface: camelCase field names (as MCP's own messages), `client` for a case
// study's client (REST's v1 contract calls it `name`), and every `slug` a page slug get_page takes.
import * as z from 'zod';

export const linkFields = {
  url: z.string().describe('Absolute URL of the HTML page.'),
  markdownUrl: z.string().describe('Absolute URL of the page as markdown.'),
};

/** An entry's pages in the site's other languages, for a site in several languages. */
export const translationsField = z
  .record(z.string(), z.string())
  .optional()
  .describe(
    "Absolute URLs of the entry's page in each of the site's other languages, by language tag (BCP 47); absent when it has no translation.",
  );

export const pageEntrySchema = z.object({
  slug: z.string().describe('Page slug; pass to get_page as is.'),
  title: z.string(),
  description: z.string(),
  ...linkFields,
});

export const searchHitSchema = z.object({
  kind: z.enum(['page', 'case-study']),
  slug: z.string().describe('Page slug; pass to get_page as is.'),
  title: z.string(),
  description: z.string(),
  section: z.string(),
  score: z.number(),
  ...linkFields,
});

export const statSchema = z.object({ label: z.string(), value: z.string() });

export const caseStudySchema = z.object({
  slug: z.string().describe('Page slug ("case-studies/<name>"); pass to get_page as is.'),
  client: z.string(),
  headlineStat: z.string().optional(),
  industry: z.string().optional(),
  services: z.array(z.string()).describe('Page slugs of the services used ("services/<name>").'),
  summary: z.string(),
  publishedAt: z.string().describe('ISO date.'),
  flagship: z.boolean().describe('One of the flagship proof points.'),
  stats: z.array(statSchema),
  ...linkFields,
  translations: translationsField,
});

export const reasonSchema = z.object({
  id: z.string(),
  topic: z.string(),
  title: z.string(),
  body: z.string(),
});

export const serviceMatchSchema = z.object({
  slug: z.string().describe('Page slug ("services/<name>"); pass to get_page as is.'),
  name: z.string(),
  summary: z.string(),
  deliverables: z.array(z.string()),
  matchedKeywords: z.array(z.string()).describe('Service keywords found in the query.'),
  score: z.number(),
  caseStudies: z
    .array(z.string())
    .describe('Page slugs of case studies that used this service for a similar challenge.'),
  ...linkFields,
  translations: translationsField,
});

export const fitSchema = z
  .enum(['in_fit', 'outside_fit'])
  .describe('outside_fit: the query is not work the agency takes on (its fit is in the tool description).');
