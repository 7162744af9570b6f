// listCaseStudies: GET …/case-studies. A keyset-paginated index of the content catalog's case
// studies, newest first then by slug, with signed cursors (stable while content changes).
import { z } from 'zod';
import { compareCaseStudies } from '../../../domain/content/catalog.ts';
import type { CaseStudy } from '../../../domain/content/types.ts';
import { caseStudyUrls } from '../../../domain/content/urls.ts';
import type { CursorCodec } from '../../../domain/cursor.ts';
import { invalidRequest, type FieldError } from '../../../kernel/errors.ts';
import { FixedBody, fixedBodies, sendFixed } from '../../../http/fixed-body.ts';
import type { Operation } from '../operation.ts';

export const caseStudyQuerySchema = z.object({
  limit: z.int().min(1).max(50).default(10).describe('Entries per page, 1-50 (default 10).'),
  cursor: z.string().min(1).max(512).optional().describe('The `next_cursor` of the previous page.'),
});

export const caseStudyEntrySchema = z
  .object({
    slug: z.string(),
    name: z.string().describe('The client.'),
    headline_stat: z.string(),
    industry: z.string(),
    services: z.array(z.string()).describe('Slugs of the services used.'),
    summary: z.string(),
    published_at: z.iso.date(),
    url: z.url().describe('The HTML page.'),
    markdown_url: z.url().describe('The page as markdown.'),
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

export const listCaseStudies: Operation = {
  operationId: 'listCaseStudies',
  method: 'GET',
  path: '/case-studies',
  summary: 'List client case studies',
  description:
    'Paginated index of client case studies, newest first, then by slug. Follow `next_cursor` until `has_more` is false.',
  tag: 'Case studies',
  rateLimit: 'general',
  query: caseStudyQuerySchema,
  success: { status: 200, description: 'One page of the index.', schema: caseStudyPageSchema },
  errors: [400],
  handler: ({ services, cursors }) => {
    // Content is fixed for the life of the process, so each page is serialised (and, when a client
    // asks, compressed) once and kept in the response cache: every client paging through the
    // index reads the same pages.
    const cache = services.responseCache;
    const pages = fixedBodies(cache, 'rest');
    return async (request, reply) => {
      const { limit, after } = readQuery(request.query as Record<string, unknown>, cursors);
      const key = `case-studies ${limit}\u0000${after ? `${after.publishedAt}\u0000${after.slug}` : ''}`;
      const body = pages.remember(
        key,
        () =>
          new FixedBody(
            JSON.stringify(pageOf(services, cursors, limit, after)),
            'application/json; charset=utf-8',
            cache,
          ),
      );
      return sendFixed(request, reply, body);
    };
  },
};

function pageOf(
  services: { content: { caseStudies: CaseStudy[] }; config: { baseUrl: string } },
  cursors: CursorCodec,
  limit: number,
  after: Position | undefined,
): z.output<typeof caseStudyPageSchema> {
  const all = services.content.caseStudies;
  const start = after ? all.findIndex((cs) => compareCaseStudies(cs, after) > 0) : 0;
  const page = start === -1 ? [] : all.slice(start, start + limit);
  const last = page.at(-1);
  const hasMore = start !== -1 && start + limit < all.length;
  return {
    items: page.map((cs) => entry(cs, services.config)),
    count: page.length,
    total: all.length,
    has_more: hasMore,
    next_cursor: hasMore && last ? cursors.encode([last.publishedAt, last.slug]) : null,
  };
}

function entry(cs: CaseStudy, config: { baseUrl: string }): z.output<typeof caseStudyEntrySchema> {
  return {
    slug: cs.slug,
    name: cs.client,
    headline_stat: cs.headlineStat,
    industry: cs.industry,
    services: cs.services,
    summary: cs.summary,
    published_at: cs.publishedAt,
    ...caseStudyUrls(config, cs),
  };
}

type Position = Pick<CaseStudy, 'publishedAt' | 'slug'> & CaseStudy;

// Query strings arrive as text, so the schema (which the contract shows) is read for its bounds.
const limitField = caseStudyQuerySchema.shape.limit;
const limitBounds = {
  min: limitField.unwrap().minValue!,
  max: limitField.unwrap().maxValue!,
  fallback: limitField.def.defaultValue,
};

function readQuery(query: Record<string, unknown>, codec: CursorCodec): { limit: number; after?: Position } {
  const errors: FieldError[] = [];
  let limit = limitBounds.fallback;
  let after: Position | undefined;
  for (const name of Object.keys(query)) {
    if (name !== 'limit' && name !== 'cursor') errors.push({ field: name, message: 'is not a known parameter' });
  }
  if (query.limit !== undefined) {
    const raw = query.limit;
    if (
      typeof raw !== 'string' ||
      !/^[0-9]{1,3}$/.test(raw) ||
      Number(raw) < limitBounds.min ||
      Number(raw) > limitBounds.max
    ) {
      errors.push({
        field: 'limit',
        message: `must be an integer from ${limitBounds.min} to ${limitBounds.max}, given once`,
      });
    } else {
      limit = Number(raw);
    }
  }
  if (query.cursor !== undefined) {
    const position = typeof query.cursor === 'string' ? codec.decode(query.cursor) : undefined;
    if (position?.length !== 2)
      errors.push({ field: 'cursor', message: 'is not a cursor issued by this API; pass next_cursor unchanged' });
    else after = { publishedAt: position[0]!, slug: position[1]! } as Position;
  }
  if (errors.length > 0) throw invalidRequest(errors);
  return after ? { limit, after } : { limit };
}
