// The home page as an agent meets it: the relations its Link header advertises, and markdown when
// it asks for text/markdown.
import type { AuditContext } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { evidence, fail, ok, pass, warn } from '../verdict.ts';
import { homeWords } from '../words/home.ts';

/** IANA-registered relations that lead an agent to a site's APIs and descriptions. */
const discoveryRelations = new Set([
  'api-catalog',
  'service-desc',
  'service-doc',
  'service-meta',
  'describedby',
  'alternate',
]);

/** The links of a Link header value: `<u>; rel="a b", <v>; rel=c` gives u with a and b, v with c. */
export function headerLinks(header: string): { target: string; relations: string[] }[] {
  return [...header.matchAll(/<([^>]*)>([^<]*)/g)].map(([, target, params]) => {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(params ?? '');
    return { target: target!, relations: (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/).filter(Boolean) };
  });
}

const linkRelations = (header: string): string[] => headerLinks(header).flatMap((link) => link.relations);

export async function linkHeaders(ctx: AuditContext): Promise<CheckResult> {
  const say = homeWords(ctx.language);
  const home = await ctx.get(ctx.home, 'text/html');
  const header = home.headers.get('link');
  const fix = say('linkFix');
  if (!header) return fail('link-headers', say('noLinkHeader'), evidence(home), fix);
  const relations = linkRelations(header);
  const useful = relations.filter((rel) => discoveryRelations.has(rel));
  if (useful.length === 0)
    return warn(
      'link-headers',
      say('noDiscovery', { relations: relations.join(', ') || say('noRelations') }),
      evidence(home, header),
      fix,
    );
  return pass('link-headers', say('relations', { relations: [...new Set(useful)].join(', ') }), evidence(home, header));
}

export async function markdownNegotiation(ctx: AuditContext): Promise<CheckResult> {
  const say = homeWords(ctx.language);
  const page = await ctx.get(ctx.home, 'text/markdown');
  const fix = say('markdownFix');
  if (!ok(page))
    return fail('markdown-negotiation', say('markdownRefused', { status: page.status }), evidence(page), fix);
  if (page.type !== 'text/markdown')
    return fail(
      'markdown-negotiation',
      page.type ? say('markdownType', { type: page.type }) : say('markdownUntyped'),
      evidence(page, page.type),
      fix,
    );
  if (page.text.trimStart().startsWith('<'))
    return fail('markdown-negotiation', say('markdownIsHtml'), evidence(page, page.text), fix);
  return pass('markdown-negotiation', say('markdown', { bytes: page.bytes.length }), evidence(page));
}
