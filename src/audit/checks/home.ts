// The home page as an agent meets it: the relations its Link header advertises, and markdown when
// it asks for text/markdown.
import type { AuditContext } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { evidence, fail, ok, pass, warn } from '../verdict.ts';

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
  const home = await ctx.get(ctx.home, 'text/html');
  const header = home.headers.get('link');
  const fix =
    'Send a Link header on the home page with registered relations, e.g. <…/.well-known/api-catalog>; rel="api-catalog" and rel="service-desc" or "describedby".';
  if (!header) return fail('link-headers', 'the home page sends no Link header', evidence(home), fix);
  const relations = linkRelations(header);
  const useful = relations.filter((rel) => discoveryRelations.has(rel));
  if (useful.length === 0)
    return warn(
      'link-headers',
      `the Link header has no discovery relation (${relations.join(', ') || 'none'})`,
      evidence(home, header),
      fix,
    );
  return pass('link-headers', `Link header relations: ${[...new Set(useful)].join(', ')}`, evidence(home, header));
}

export async function markdownNegotiation(ctx: AuditContext): Promise<CheckResult> {
  const page = await ctx.get(ctx.home, 'text/markdown');
  const fix =
    'Answer Accept: text/markdown with a markdown rendering of the page (Content-Type text/markdown) and send Vary: Accept.';
  if (!ok(page))
    return fail(
      'markdown-negotiation',
      `the home page answers ${page.status} to Accept: text/markdown`,
      evidence(page),
      fix,
    );
  if (page.type !== 'text/markdown')
    return fail(
      'markdown-negotiation',
      `Accept: text/markdown gets ${page.type || 'no type'}`,
      evidence(page, page.type),
      fix,
    );
  if (page.text.trimStart().startsWith('<'))
    return fail('markdown-negotiation', 'the markdown answer is HTML', evidence(page, page.text), fix);
  return pass(
    'markdown-negotiation',
    `Accept: text/markdown gets ${page.bytes.length} bytes of markdown`,
    evidence(page),
  );
}
