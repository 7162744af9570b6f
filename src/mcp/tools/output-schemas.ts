// Output schemas shared by several tools (the structuredContent contract). Each field an agent
// reads is described; absolute URLs come from BASE_URL so links work outside the MCP session.
import * as z from 'zod';

export const linkFields = {
  url: z.string().describe('Absolute URL of the HTML page.'),
  markdownUrl: z.string().describe('Absolute URL of the page as markdown.'),
};

export const pageEntrySchema = z.object({
  slug: z.string().describe('Pass to get_page.'),
  title: z.string(),
  description: z.string(),
  ...linkFields,
});

export const searchHitSchema = z.object({
  kind: z.enum(['page', 'case-study']),
  slug: z.string().describe('Page slug; pass to get_page.'),
  title: z.string(),
  description: z.string(),
  section: z.string(),
  score: z.number(),
  ...linkFields,
});

export const statSchema = z.object({ label: z.string(), value: z.string() });

export const caseStudySchema = z.object({
  slug: z.string().describe('Case-study slug; its page slug is "case-studies/<slug>".'),
  client: z.string(),
  headlineStat: z.string(),
  industry: z.string(),
  services: z.array(z.string()).describe('Slugs of the services used.'),
  summary: z.string(),
  publishedAt: z.string().describe('ISO date.'),
  flagship: z.boolean().describe('One of the flagship proof points.'),
  stats: z.array(statSchema),
  ...linkFields,
});

export const reasonSchema = z.object({
  id: z.string(),
  topic: z.string(),
  title: z.string(),
  body: z.string(),
});

export const serviceMatchSchema = z.object({
  slug: z.string(),
  name: z.string(),
  summary: z.string(),
  deliverables: z.array(z.string()),
  matchedKeywords: z.array(z.string()).describe('Service keywords found in the query.'),
  score: z.number(),
  caseStudies: z.array(z.string()).describe('Slugs of case studies that used this service for a similar challenge.'),
  ...linkFields,
});

export const fitSchema = z.enum(['in_fit', 'outside_fit'])
  .describe('outside_fit: the query is not work the agency takes on (B2C, e-commerce, consumer brands).');
