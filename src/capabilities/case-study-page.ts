// One page of the case-study index as the REST API publishes it (snake_case, its v1 contract): the
// schemas of a page and its entries, and the page after a position, newest first then by slug.
// Positions are keyset positions (publishedAt, slug), so a page stays right while content changes.
import { z } from 'zod';
import { compareCaseStudies } from '../domain/content/catalog.ts';
import type { CaseStudy } from '../domain/content/types.ts';
import { caseStudyUrls, translationUrls } from '../domain/content/urls.ts';
import { translationsField } from './output-schemas.ts';

export const caseStudyEntrySchema = z
  .object({
    slug: z.string(),
    name: z.string().describe('The client.'),
    headline_stat: z.string().optional(),
    industry: z.string().optional(),
    services: z.array(z.string()).describe('Slugs of the services used.'),
    summary: z.string(),
    published_at: z.iso.date(),
    url: z.url().describe('The HTML page.'),
    markdown_url: z.url().describe('The page as markdown.'),
    translations: translationsField,
  })
  .meta({ id: 'CaseStudyEntry' });

export const caseStudyPageSchema = z
  .object({
    items: z.array(caseStudyEntrySchema),
    count: z.int().min(0),
    total: z.int().min(0),
    has_more: z.boolean(),
    next_cursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page.'),
  })
  .meta({ id: 'CaseStudyPage' });

export type CaseStudyPage = z.output<typeof caseStudyPageSchema>;

/** Where the previous page ended: its last entry's publication date and slug. */
export interface Position {
  publishedAt: string;
  slug: string;
}

/**
 * Up to `limit` entries after `after` (from the newest without it), from `all` in index order;
 * `cursorAt` turns the page's last position into the cursor of the next page.
 */
export function caseStudyPage(
  all: readonly CaseStudy[],
  baseUrl: string,
  { limit, after }: { limit: number; after?: Position | undefined },
  cursorAt: (position: Position) => string,
): CaseStudyPage {
  const start = after ? all.findIndex((cs) => compareCaseStudies(cs, after as CaseStudy) > 0) : 0;
  const page = start === -1 ? [] : all.slice(start, start + limit);
  const last = page.at(-1);
  const hasMore = start !== -1 && start + limit < all.length;
  return {
    items: page.map((cs) => entry(cs, baseUrl)),
    count: page.length,
    total: all.length,
    has_more: hasMore,
    next_cursor: hasMore && last ? cursorAt(last) : null,
  };
}

function entry(cs: CaseStudy, baseUrl: string): z.output<typeof caseStudyEntrySchema> {
  return {
    slug: cs.slug,
    name: cs.client,
    ...(cs.headlineStat !== undefined && { headline_stat: cs.headlineStat }),
    ...(cs.industry !== undefined && { industry: cs.industry }),
    services: cs.services,
    summary: cs.summary,
    published_at: cs.publishedAt,
    ...caseStudyUrls({ baseUrl }, cs),
    ...translationUrls(baseUrl, cs),
  };
}
