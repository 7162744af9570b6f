// What the home page's HTML declares for agents: WebMCP tool forms (toolname, tooldescription,
// named inputs) and schema.org JSON-LD naming the organisation or website.
import type { AuditContext } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { counted, evidence, fail, isObject, pass, skip } from '../verdict.ts';

const organisationTypes = new Set([
  'Organization',
  'WebSite',
  'Corporation',
  'LocalBusiness',
  'ProfessionalService',
  'OnlineBusiness',
  'NGO',
]);

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, name, a, b, c] of tag.matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g))
    found.set(name!.toLowerCase(), a ?? b ?? c ?? '');
  return found;
}

export async function webmcp(ctx: AuditContext): Promise<CheckResult> {
  const home = await ctx.get(ctx.home, 'text/html');
  const forms = [...home.text.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)].map(([, tag, inner]) => ({
    attrs: attributes(tag!),
    inner: inner!,
  }));
  const tools = forms.filter((form) => form.attrs.has('toolname'));
  if (tools.length === 0)
    return skip('webmcp', `no WebMCP tool form on the home page (${counted(forms.length, 'form')})`, evidence(home));
  for (const { attrs, inner } of tools) {
    const name = attrs.get('toolname') ?? '';
    const fields = [...inner.matchAll(/<(input|select|textarea)\b([^>]*)>/gi)]
      .map(([, , tag]) => attributes(tag!))
      .filter((field) => !/^(submit|button|reset|image)$/i.test(field.get('type') ?? ''));
    const unnamed = fields.find((field) => !field.get('name'));
    const problem = !name
      ? 'a tool form with an empty toolname'
      : !attrs.get('tooldescription')
        ? `tool "${name}" has no tooldescription`
        : fields.length === 0
          ? `tool "${name}" has no inputs`
          : unnamed
            ? `tool "${name}" has an input without a name`
            : undefined;
    if (problem)
      return fail(
        'webmcp',
        problem,
        evidence(home, `<form ${[...attrs].map(([k, v]) => `${k}="${v}"`).join(' ')}>`),
        'Give each tool form a toolname, a tooldescription saying what it does, and a name on every input (its parameter).',
      );
  }
  return pass(
    'webmcp',
    `${counted(tools.length, 'WebMCP tool form')}: ${tools.map((form) => form.attrs.get('toolname')).join(', ')}`,
    evidence(home),
  );
}

function nodes(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(nodes);
  if (!isObject(value)) return [];
  return [value, ...nodes(value['@graph'])];
}

export async function jsonLd(ctx: AuditContext): Promise<CheckResult> {
  const home = await ctx.get(ctx.home, 'text/html');
  const blocks = [
    ...home.text.matchAll(/<script\b[^>]*type\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script>/gi),
  ].map(([, body]) => body!);
  const fix =
    'Embed a <script type="application/ld+json"> block with valid JSON: a schema.org graph with an Organization (or WebSite) node.';
  if (blocks.length === 0) return fail('json-ld', 'the home page has no JSON-LD', evidence(home), fix);
  const parsed: unknown[] = [];
  for (const block of blocks) {
    try {
      parsed.push(JSON.parse(block));
    } catch (error) {
      return fail('json-ld', `a JSON-LD block does not parse: ${(error as Error).message}`, evidence(home, block), fix);
    }
  }
  const all = parsed.flatMap(nodes);
  const types = all
    .flatMap((node) => [node['@type']].flat())
    .filter((type): type is string => typeof type === 'string');
  if (types.length === 0) return fail('json-ld', 'the JSON-LD has no @type', evidence(home, blocks[0]), fix);
  const wanted = types.filter((type) => organisationTypes.has(type.replace(/^(https?:\/\/schema\.org\/|schema:)/, '')));
  if (wanted.length === 0)
    return fail(
      'json-ld',
      `JSON-LD types ${[...new Set(types)].slice(0, 5).join(', ')}, but no Organization or WebSite`,
      evidence(home, types.join(', ')),
      fix,
    );
  return pass(
    'json-ld',
    `${counted(blocks.length, 'JSON-LD block')}, types include ${[...new Set(wanted)].join(', ')}`,
    evidence(home),
  );
}
