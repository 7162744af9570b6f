// The eleven MCP tools, driven by the official SDK clients of both protocol eras over real HTTP:
// listing (schemas, annotations, catalog agreement), a valid and an invalid call of every tool,
// and the protocol error for an unknown tool.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { agentTools } from '../../src/capabilities/capability.ts';
import { textOf } from './clients.ts';
import { describeEachEra } from './era-suite.ts';

const names = {
  siteIndex: 'service_get_site_index',
  page: 'service_get_page',
  caseStudies: 'service_search_case_studies',
  contact: 'service_get_contact',
  match: 'service_match_services',
  proof: 'service_get_proof_points',
  why: 'service_why_verto',
  value: 'service_get_value_proposition',
  send: 'service_send_enquiry',
  assessment: 'service_request_assessment',
  audit: 'service_audit_site',
  ask: 'ask',
};

/** Invalid arguments per tool, and a field the error must name. */
const invalidCalls: [string, Record<string, unknown>, string][] = [
  [names.siteIndex, { section: 'blog' }, 'section'],
  [names.page, { slug: '' }, 'slug'],
  [names.caseStudies, { limit: 500 }, 'limit'],
  [names.contact, { detail: 'everything' }, 'detail'],
  [names.match, { challenge: 'x'.repeat(501) }, 'challenge'],
  [names.proof, { limit: 'ten' }, 'limit'],
  [names.why, { topic: 'astrology' }, 'topic'],
  [names.value, { include: ['pricing'] }, 'include.0'],
  [names.send, { fromName: 'Ada', fromEmail: 'not-an-email', message: 'short' }, 'fromEmail'],
  [names.assessment, { fromName: 'Ada' }, ''],
  [names.audit, { url: 42 }, 'url'],
  [names.ask, { query: '' }, 'query'],
];

describeEachEra('MCP tools', (mcp, era) => {
  it('negotiates the protocol revision of its era and announces fixed tool and resource lists', () => {
    assert.equal(mcp.client.protocolVersion, era.protocolVersion);
    assert.deepEqual(mcp.client.server.capabilities, {
      tools: { listChanged: false },
      resources: { listChanged: false },
      extensions: { 'io.modelcontextprotocol/skills': {} },
    });
    assert.match(mcp.client.server.instructions ?? '', /Start with service_get_site_index/);
  });

  it("lists the eleven prefixed tools and NLWeb's ask with schemas, output schemas and all four annotations", async () => {
    const tools = await mcp.client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      Object.values(names),
    );
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      assert.equal(tool.outputSchema?.type, 'object', tool.name);
      assert.ok(tool.title && tool.description && tool.description.length > 60, tool.name);
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']) {
        assert.equal(typeof tool.annotations?.[hint], 'boolean', `${tool.name} ${hint}`);
      }
    }
    const acting = tools.filter((t) => t.annotations?.readOnlyHint === false).map((t) => t.name);
    assert.deepEqual(acting, [names.send, names.assessment, names.audit]);
  });

  it('lists exactly the tool catalog that discovery documents are built from', async () => {
    const tools = await mcp.client.listTools();
    const catalog = agentTools(mcp.app.app.services.catalog.capabilities);
    assert.deepEqual(
      tools.map((t) => [t.name, t.title, t.description]),
      catalog.map((e) => [e.name, e.title, e.description]),
    );
  });

  it('states the agency fit in the descriptions of the index and matching tools', async () => {
    const tools = await mcp.client.listTools();
    for (const name of [names.siteIndex, names.match, names.value]) {
      assert.match(tools.find((t) => t.name === name)?.description ?? '', /not a fit for B2C, e-commerce/, name);
    }
  });

  it('bounds the inputs in the advertised schemas', async () => {
    const tools = await mcp.client.listTools();
    const props = (name: string): Record<string, Record<string, unknown>> =>
      tools.find((t) => t.name === name)?.inputSchema.properties as Record<string, Record<string, unknown>>;
    assert.equal(props(names.siteIndex).query?.maxLength, 200);
    assert.equal(props(names.caseStudies).limit?.maximum, 49);
    assert.equal(props(names.send).message?.maxLength, 2000);
    assert.equal(props(names.send).idempotencyKey?.maxLength, 200);
    assert.deepEqual(tools.find((t) => t.name === names.send)?.inputSchema.required, [
      'fromName',
      'fromEmail',
      'message',
    ]);
  });

  it('returns the site index by section, with a keyword search across pages', async () => {
    const full = await mcp.client.callTool(names.siteIndex, {});
    const sections = full.structuredContent?.sections as { id: string; pages: { slug: string }[] }[];
    assert.deepEqual(
      sections.map((s) => s.id),
      ['company', 'services', 'case-studies', 'resources'],
    );
    assert.match(textOf(full), /not a fit for B2C/);
    const filtered = await mcp.client.callTool(names.siteIndex, { section: 'services', query: 'attribution' });
    const only = filtered.structuredContent?.sections as { id: string }[];
    assert.deepEqual(
      only.map((s) => s.id),
      ['services'],
    );
    const matches = filtered.structuredContent?.matches as { slug: string; url: string }[];
    assert.ok(matches.length > 0 && matches.every((m) => m.slug.startsWith('services') && m.url.startsWith('http')));
  });

  it('returns a page as markdown by slug, and names the site-index tool for an unknown slug', async () => {
    const page = await mcp.client.callTool(names.page, { slug: 'services/paid-media' });
    assert.equal(page.isError, undefined);
    assert.equal(page.structuredContent?.slug, 'services/paid-media');
    assert.match(String(page.structuredContent?.markdown), /^# /);
    assert.match(textOf(page), /Paid Media/);
    const missing = await mcp.client.callTool(names.page, { slug: 'pricing' });
    assert.equal(missing.isError, true);
    assert.match(textOf(missing), /No page with slug "pricing".*service_get_site_index/);
  });

  it('searches all 49 case studies by keyword', async () => {
    const all = await mcp.client.callTool(names.caseStudies, { limit: 49 });
    assert.equal(all.structuredContent?.total, 49);
    assert.equal((all.structuredContent!.items as unknown[]).length, 49);
    const hits = await mcp.client.callTool(names.caseStudies, { query: 'cybersecurity', limit: 3 });
    const items = hits.structuredContent?.items as { industry: string; markdownUrl: string }[];
    assert.ok(items.length > 0 && items.length <= 3);
    assert.ok(items.some((cs) => /security/i.test(cs.industry)));
    assert.match(items[0]!.markdownUrl, /\/markdown\/case-studies\/.+\.md$/);
  });

  it('gives contact details as a summary or with the full page', async () => {
    const summary = await mcp.client.callTool(names.contact, {});
    assert.match(String(summary.structuredContent?.email), /@/);
    assert.equal(summary.structuredContent?.markdown, undefined);
    const full = await mcp.client.callTool(names.contact, { detail: 'full' });
    assert.ok(String(full.structuredContent?.markdown).length > 50);
  });

  it('matches services to a B2B challenge and says plainly when a query is outside the fit', async () => {
    const inFit = await mcp.client.callTool(names.match, {
      challenge: 'our MQLs never turn into pipeline for our SaaS product',
    });
    assert.equal(inFit.structuredContent?.fit, 'in_fit');
    assert.ok((inFit.structuredContent!.matches as unknown[]).length > 0);
    for (const challenge of ['grow sales of our Shopify fashion store', 'launch a consumer brand of sparkling water']) {
      const outside = await mcp.client.callTool(names.match, { challenge });
      assert.equal(outside.structuredContent?.fit, 'outside_fit', challenge);
      assert.deepEqual(outside.structuredContent?.matches, []);
      assert.match(textOf(outside), /outside Verto's fit/);
    }
  });

  it('returns the four flagship proof points as structured stats', async () => {
    const result = await mcp.client.callTool(names.proof, {});
    const points = result.structuredContent?.points as { flagship: boolean; stats: unknown[]; headlineStat: string }[];
    assert.equal(points.length, 4);
    assert.ok(points.every((p) => p.flagship && p.stats.length > 0 && p.headlineStat));
  });

  it('gives reasons to choose the agency, filtered by topic', async () => {
    const all = await mcp.client.callTool(names.why, {});
    const topics = all.structuredContent?.topics as string[];
    assert.ok(topics.includes('results'));
    const results = await mcp.client.callTool(names.why, { topic: 'results' });
    const reasons = results.structuredContent?.reasons as { topic: string }[];
    assert.ok(reasons.length > 0 && reasons.every((r) => r.topic === 'results'));
  });

  it('builds a value proposition from the chosen parts and declines out-of-fit queries', async () => {
    const result = await mcp.client.callTool(names.value, {
      query: 'cybersecurity SaaS stuck at 40M ARR',
      include: ['proof_points', 'reasons'],
    });
    assert.equal(result.structuredContent?.fit, 'in_fit');
    assert.equal(result.structuredContent?.services, undefined);
    assert.ok((result.structuredContent!.proofPoints as unknown[]).length > 0);
    assert.ok((result.structuredContent!.reasons as unknown[]).length > 0);
    const outside = await mcp.client.callTool(names.value, { query: 'e-commerce store for handmade jewellery' });
    assert.equal(outside.structuredContent?.fit, 'outside_fit');
    assert.match(textOf(outside), /not a fit for B2C/);
  });

  it('accepts an enquiry and returns its reference', async () => {
    const result = await mcp.client.callTool(names.send, {
      fromName: 'Ada Lovelace',
      fromEmail: 'ada@example.com',
      organization: 'Analytical Engines',
      topic: 'assessment',
      message: 'We would like a Pipeline Readiness Assessment next month.',
      agentId: 'test-agent',
    });
    assert.equal(result.isError, undefined, textOf(result));
    assert.equal(result.structuredContent?.status, 'accepted');
    assert.match(String(result.structuredContent?.reference), /^enq_[0-9a-f]{16}$/);
    assert.equal(result.structuredContent?.replayed, false);
    assert.match(textOf(result), /enq_[0-9a-f]{16}/);
  });

  for (const [name, args, field] of invalidCalls) {
    it(`answers invalid arguments to ${name} with a tool error naming the field`, async () => {
      const result = await mcp.client.callTool(name, args);
      assert.equal(result.isError, true);
      if (name === names.assessment) assert.match(textOf(result), /Authorization: Bearer/);
      else assert.match(textOf(result), /invalid|not a known field/);
      if (field) assert.match(textOf(result), new RegExp(`- ${field.replace('.', '\\.')}: `));
    });
  }

  it('answers an unknown tool with a protocol error, not a tool result', async () => {
    await assert.rejects(mcp.client.callTool('service_delete_everything', {}), (error: { code?: number }) => {
      assert.equal(error.code, -32602);
      return true;
    });
  });
});
