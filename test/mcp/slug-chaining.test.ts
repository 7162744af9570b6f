// Tool results agents can chain: every slug a read tool returns, in structured content and in
// text, is one form that get_page takes as is; a near miss gets the slug it most likely meant.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eras, textOf } from './clients.ts';
import { useMcpSession } from './era-suite.ts';

const page = 'service_get_page';
// Each read tool with arguments that make it return slugs of every kind it can.
const calls: [string, Record<string, unknown>][] = [
  ['service_get_site_index', { query: 'cybersecurity pipeline' }],
  ['service_search_case_studies', { query: 'pipeline', limit: 5 }],
  ['service_search_case_studies', { service: 'services/account-based-marketing', limit: 3 }],
  ['service_match_services', { challenge: 'our MQLs never turn into pipeline and attribution is a mess' }],
  ['service_get_proof_points', {}],
  ['service_get_value_proposition', { query: 'enterprise security vendor stuck at 40M ARR' }],
];

/** Every slug in a structured result, with its field: `slug`, and the slug lists `services` and `caseStudies`. */
function slugsIn(value: unknown, key = ''): [string, string][] {
  if (typeof value === 'string')
    return /slug$/i.test(key) || key === 'services' || key === 'caseStudies' ? [[key, value]] : [];
  if (Array.isArray(value)) return value.flatMap((item) => slugsIn(item, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([name, item]) => slugsIn(item, name));
  return [];
}

describe('MCP slugs agents can chain', () => {
  const mcp = useMcpSession([eras[0]!]);

  it('returns only slugs that get_page accepts as is, and the text names the same slugs', async () => {
    const seen = new Set<string>();
    for (const [tool, args] of calls) {
      const result = await mcp.client.callTool(tool, args);
      assert.ok(!result.isError, `${tool}: ${textOf(result)}`);
      const slugs = slugsIn(result.structuredContent);
      assert.ok(slugs.length > 0, `${tool} returns slugs`);
      const text = textOf(result);
      for (const [field, slug] of slugs) {
        seen.add(slug);
        // Each item's own slug is in the text, in the same form (the lists of related slugs may not be).
        if (field === 'slug') assert.ok(text.includes(slug), `${tool} text names ${slug}`);
      }
      assert.doesNotMatch(text, /slug (?!case-studies\/|services\/)[a-z]/, `${tool} text uses no bare slug`);
    }
    assert.ok(
      [...seen].some((slug) => slug.startsWith('case-studies/')) &&
        [...seen].some((slug) => slug.startsWith('services/')),
    );
    for (const slug of seen) {
      const result = await mcp.client.callTool(page, { slug });
      assert.ok(!result.isError, `get_page("${slug}"): ${textOf(result)}`);
      assert.equal(result.structuredContent?.slug, slug);
    }
  });

  it('suggests the page slug for a bare case-study or service slug and for a typo', async () => {
    const cases: [string, string][] = [
      ['beacon-fleet', 'case-studies/beacon-fleet'],
      ['paid-media', 'services/paid-media'],
      ['case-studies/beacon-flet', 'case-studies/beacon-fleet'],
      ['servces/paid-media', 'services/paid-media'],
      ['abuot', 'about'],
    ];
    for (const [wrong, right] of cases) {
      const result = await mcp.client.callTool(page, { slug: wrong });
      assert.equal(result.isError, true, wrong);
      assert.match(textOf(result), new RegExp(`Did you mean "${right}"\\?`), wrong);
      assert.match(textOf(result), /service_get_site_index/);
    }
  });

  it('suggests nothing when no slug is close', async () => {
    const result = await mcp.client.callTool(page, { slug: 'quarterly-earnings-call-transcript' });
    assert.equal(result.isError, true);
    assert.doesNotMatch(textOf(result), /Did you mean/);
  });

  it('says on /developers which naming each surface keeps, with a slug get_page takes', async () => {
    const markdown = await (await fetch(`${mcp.app.baseUrl}/markdown/developers.md`)).text();
    const naming = markdown.slice(markdown.indexOf('## Naming'));
    assert.match(naming, /snake_case/);
    assert.match(naming, /camelCase/);
    const example = /`(case-studies\/[a-z0-9-]+)`/.exec(naming)?.[1];
    assert.ok(example, 'a page-slug example');
    assert.ok(!(await mcp.client.callTool(page, { slug: example })).isError);
  });
});
