// listCaseStudies: GET …/case-studies. A keyset-paginated index of the content catalog's case
// studies, newest first then by slug, with signed cursors (stable while content changes).
import { z } from 'zod';
import { compareCaseStudies } from '../../../domain/content/catalog.ts';
import type { CaseStudy } from '../../../domain/content/types.ts';
import { caseStudyUrls } from '../../../domain/content/urls.ts';
import type { CursorCodec } from '../../../domain/cursor.ts';
import { validate } from '../../../domain/validation.ts';
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

// Query strings arrive as text: a limit written in one to three digits is read as its number, and
// the published schema judges the query (known parameters, bounds, default) as it would JSON.
const { minValue, maxValue } = caseStudyQuerySchema.shape.limit.unwrap();
const limitMessage = `must be an integer from ${minValue} to ${maxValue}, given once`;
const cursorMessage = 'is not a cursor issued by this API; pass next_cursor unchanged';

function readQuery(query: Record<string, unknown>, codec: CursorCodec): { limit: number; after?: Position } {
  const { limit } = query;
  const read = validate(caseStudyQuerySchema, {
    ...query,
    ...(typeof limit === 'string' && /^[0-9]{1,3}$/.test(limit) && { limit: Number(limit) }),
  });
  const failed = new Set(read.success ? [] : read.error.issues.map((issue) => String(issue.path[0] ?? '')));
  const errors: FieldError[] = Object.keys(query)
    .filter((name) => !Object.hasOwn(caseStudyQuerySchema.shape, name))
    .map((name) => ({ field: name, message: 'is not a known parameter' }));
  if (failed.has('limit')) errors.push({ field: 'limit', message: limitMessage });
  // A cursor the schema accepts is checked for this API's signature whatever else failed.
  const cursor = failed.has('cursor') ? undefined : (query.cursor as string | undefined);
  const position = cursor === undefined ? undefined : codec.decode(cursor);
  if (failed.has('cursor') || (cursor !== undefined && position?.length !== 2))
    errors.push({ field: 'cursor', message: cursorMessage });
  if (errors.length > 0 || !read.success) throw invalidRequest(errors);
  const after = position && ({ publishedAt: position[0]!, slug: position[1]! } as Position);
  return after ? { limit: read.data.limit, after } : { limit: read.data.limit };
}
