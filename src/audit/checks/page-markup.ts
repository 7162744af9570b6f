// What the home page's HTML declares for agents: WebMCP tool forms (toolname, tooldescription,
// named inputs) and schema.org JSON-LD naming who runs the site (an organisation of any kind, a
// person, or the website), wherever in the graph it sits. The markup is read by home-markup.ts.
import type { AuditContext } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { evidence, fail, isObject, parseJson, pass, skip } from '../verdict.ts';
import { pageMarkupWords } from '../words/page-markup.ts';
import { homeMarkup } from './home-markup.ts';
import { isPublisherType } from './schema-types.ts';

const buttonTypes = new Set(['submit', 'button', 'reset', 'image']);

export async function webmcp(ctx: AuditContext): Promise<CheckResult> {
  const say = pageMarkupWords(ctx.language);
  const home = await ctx.get(ctx.home, 'text/html');
  const { forms } = homeMarkup(home);
  const tools = forms.filter((form) => form.attrs.has('toolname'));
  if (tools.length === 0) return skip('webmcp', say('noTools', { forms: forms.length }), evidence(home));
  for (const { attrs, fields: all } of tools) {
    const name = attrs.get('toolname') ?? '';
    const fields = all.filter((field) => !buttonTypes.has((field.get('type') ?? '').toLowerCase()));
    const unnamed = fields.find((field) => !field.get('name'));
    const problem = !name
      ? 'emptyToolname'
      : !attrs.get('tooldescription')
        ? 'noDescription'
        : fields.length === 0
          ? 'noInputs'
          : unnamed
            ? 'unnamedInput'
            : undefined;
    if (problem)
      return fail(
        'webmcp',
        say(problem, { name }),
        evidence(home, `<form ${[...attrs].map(([k, v]) => `${k}="${v}"`).join(' ')}>`),
        say('describeTools'),
      );
  }
  const names = tools.map((form) => form.attrs.get('toolname')).join(', ');
  return pass('webmcp', say('toolsPassed', { tools: tools.length, names }), evidence(home));
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
  const say = pageMarkupWords(ctx.language);
  const home = await ctx.get(ctx.home, 'text/html');
  const blocks = homeMarkup(home).jsonLd;
  const fix = say('embedJsonLd');
  if (blocks.length === 0) return fail('json-ld', say('noJsonLd'), evidence(home), fix);
  const parsed: unknown[] = [];
  for (const block of blocks) {
    const result = parseJson(block);
    if (!result.ok) return fail('json-ld', say('notParsing', { problem: result.problem }), evidence(home, block), fix);
    parsed.push(result.value);
  }
  const types = typesIn(parsed);
  if (types.length === 0) return fail('json-ld', say('noType'), evidence(home, blocks[0]), fix);
  const wanted = types.filter(isPublisherType);
  if (wanted.length === 0)
    return fail(
      'json-ld',
      say('noPublisher', { types: [...new Set(types)].slice(0, 5).join(', ') }),
      evidence(home, types.join(', ')),
      fix,
    );
  const named = [...new Set(wanted)].slice(0, 5).join(', ');
  return pass('json-ld', say('jsonLdPassed', { blocks: blocks.length, types: named }), evidence(home));
}
