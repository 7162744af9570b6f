// What the home page's HTML declares for agents: WebMCP tool forms (toolname, tooldescription,
// named inputs) and schema.org JSON-LD naming who runs the site (an organisation of any kind, a
// person, or the website), wherever in the graph it sits. The markup is read by home-markup.ts.
import type { AuditContext } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { counted, evidence, fail, isObject, parseJson, pass, skip } from '../verdict.ts';
import { homeMarkup } from './home-markup.ts';
import { isPublisherType } from './schema-types.ts';

const buttonTypes = new Set(['submit', 'button', 'reset', 'image']);

export async function webmcp(ctx: AuditContext): Promise<CheckResult> {
  const home = await ctx.get(ctx.home, 'text/html');
  const { forms } = homeMarkup(home);
  const tools = forms.filter((form) => form.attrs.has('toolname'));
  if (tools.length === 0)
    return skip('webmcp', `no WebMCP tool form on the home page (${counted(forms.length, 'form')})`, evidence(home));
  for (const { attrs, fields: all } of tools) {
    const name = attrs.get('toolname') ?? '';
    const fields = all.filter((field) => !buttonTypes.has((field.get('type') ?? '').toLowerCase()));
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

/** Every `@type` string of a JSON-LD value and the objects nested in it (a publisher, an author, a @graph). */
function typesIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) typesIn(item, found);
  else if (isObject(value)) {
    for (const type of [value['@type']].flat()) if (typeof type === 'string') found.push(type);
    for (const [key, nested] of Object.entries(value)) if (key !== '@type') typesIn(nested, found);
  }
  return found;
}

export async function jsonLd(ctx: AuditContext): Promise<CheckResult> {
  const home = await ctx.get(ctx.home, 'text/html');
  const blocks = homeMarkup(home).jsonLd;
  const fix =
    'Embed a <script type="application/ld+json"> block with valid JSON: a schema.org graph naming who runs the site: an Organization (or a subtype), a Person for a personal site, or a WebSite node.';
  if (blocks.length === 0) return fail('json-ld', 'the home page has no JSON-LD', evidence(home), fix);
  const parsed: unknown[] = [];
  for (const block of blocks) {
    const result = parseJson(block);
    if (!result.ok)
      return fail('json-ld', `a JSON-LD block does not parse: ${result.problem}`, evidence(home, block), fix);
    parsed.push(result.value);
  }
  const types = typesIn(parsed);
  if (types.length === 0) return fail('json-ld', 'the JSON-LD has no @type', evidence(home, blocks[0]), fix);
  const wanted = types.filter(isPublisherType);
  if (wanted.length === 0)
    return fail(
      'json-ld',
      `JSON-LD types ${[...new Set(types)].slice(0, 5).join(', ')}, but no Organization, Person or WebSite`,
      evidence(home, types.join(', ')),
      fix,
    );
  return pass(
    'json-ld',
    `${counted(blocks.length, 'JSON-LD block')}, types include ${[...new Set(wanted)].slice(0, 5).join(', ')}`,
    evidence(home),
  );
}
