// The case-study index: every case study, newest first then by slug, a page at a time, with signed
// cursors (GET …/case-studies). REST only: the MCP tool list and the agent card's skills are the ones
// the product's specification names, and agents search case studies with searchCaseStudies.
import { z } from 'zod';
import type { CursorCodec } from '../domain/cursor.ts';
import { invalidRequest, type AppError, type FieldError } from '../kernel/errors.ts';
import { defineCapability, noAuthentication, readHints, type Capability, type Route } from './capability.ts';
import { caseStudyPage, caseStudyPageSchema, type Position } from './case-study-page.ts';
import type { CatalogDeps } from './deps.ts';
import type { CapabilityNames } from './names.ts';

const limit = z.int().min(1).max(50).default(10).describe('Entries per page, 1-50 (default 10).');
const limitMessage = `must be an integer from ${limit.unwrap().minValue} to ${limit.unwrap().maxValue}, given once`;
const cursorMessage = 'is not a cursor issued by this API; pass next_cursor unchanged';

/** The position a cursor names, when this API signed it. */
function positionOf(cursors: CursorCodec, cursor: string): Position | undefined {
  const position = cursors.decode(cursor);
  return position?.length === 2 ? { publishedAt: position[0]!, slug: position[1]! } : undefined;
}

/**
 * The query as the contract publishes it; a cursor is checked for this API's signature. Unknown
 * parameters are refused.
 */
function querySchema(cursors: CursorCodec) {
  const cursor = z
    .string()
    .min(1)
    .max(512)
    .refine((sent) => positionOf(cursors, sent) !== undefined, { error: cursorMessage });
  return z.strictObject({
    limit,
    cursor: cursor.optional().describe('The `next_cursor` of the previous page.'),
  });
}

type Query = ReturnType<typeof querySchema>;

/**
 * A query string's fields are text, one value each, or a list when repeated: a limit written in one
 * to three digits is read as its number, and the schema judges everything else as it would JSON.
 */
function queryInput(sent: unknown): unknown {
  const query = sent as Record<string, unknown>;
  const { limit: text } = query;
  return typeof text === 'string' && /^[0-9]{1,3}$/.test(text) ? { ...query, limit: Number(text) } : query;
}

/**
 * A refused query in the API's own words, in the order it has always answered them: each unknown
 * parameter, then the limit, then the cursor, each named once.
 */
function queryRefusal(error: AppError, fields: readonly string[]): AppError {
  if (error.code !== 'invalid_request') return error;
  const failed = new Set(error.fieldErrors.map(({ field }) => field));
  const unknown: FieldError[] = [...failed]
    .filter((field) => !fields.includes(field))
    .map((field) => ({ field, message: 'is not a known parameter' }));
  const known = fields.filter((field) => failed.has(field));
  const messages: Record<string, string> = { limit: limitMessage, cursor: cursorMessage };
  return invalidRequest([...unknown, ...known.map((field) => ({ field, message: messages[field]! }))]);
}

function caseStudyRoute(query: Query): Route {
  return {
    method: 'GET',
    path: '/case-studies',
    contract: {
      operationId: 'listCaseStudies',
      summary: 'List client case studies',
      description:
        'Paginated index of client case studies, newest first, then by slug. Follow `next_cursor` until `has_more` is false.',
      tag: 'Case studies',
    },
    success: { status: 200, description: 'One page of the index.', body: caseStudyPageSchema },
    input: queryInput,
    refusal: (error) => queryRefusal(error, Object.keys(query.shape)),
  };
}

export function caseStudyIndexCapability(
  { content, config, cursors }: CatalogDeps,
  names: CapabilityNames,
): Capability {
  const input = querySchema(cursors);
  const cursorAt = ({ publishedAt, slug }: Position): string => cursors.encode([publishedAt, slug]);
  return defineCapability({
    key: 'listCaseStudies',
    name: names.listCaseStudies,
    title: 'List case studies',
    description: `Lists ${content.site.brandName}'s case studies, newest first, a page at a time; follow \`next_cursor\`.`,
    input,
    output: caseStudyPageSchema,
    budget: 'read',
    authentication: noAuthentication,
    hints: readHints,
    restOnly: true,
    a2aSkill: false,
    // Content is fixed for the life of the process: every client paging through reads the same pages.
    stable: true,
    examples: [{ limit: 10 }],
    prompts: [],
    tags: ['case-studies', 'index'],
    route: caseStudyRoute(input),
    handle: ({ limit: size, cursor }) => {
      const after = cursor === undefined ? undefined : positionOf(cursors, cursor);
      const page = caseStudyPage(content.caseStudies, config.baseUrl, { limit: size, after }, cursorAt);
      const lines = page.items.map((entry) => `- [${entry.name}](${entry.url}): ${entry.headline_stat}`);
      const more = page.next_cursor ? `\n\nNext page: cursor ${page.next_cursor}` : '';
      return {
        structured: page,
        text: `# Case studies (${page.count} of ${page.total})\n\n${lines.join('\n')}${more}`,
      };
    },
  });
}
