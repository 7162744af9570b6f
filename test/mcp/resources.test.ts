// The MCP resources (site index, OpenAPI contract, page template; the skills are in skills.test.ts)
// through resources/list, resources/templates/list and resources/read, with the official clients of both protocol eras.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { agentContract } from '../../src/surfaces/rest/index.ts';
import { describeEachEra } from './era-suite.ts';

describeEachEra('MCP resources', (mcp) => {
  it('lists the site index, the OpenAPI contract and the published skills, and the page and skill templates', async () => {
    const resources = await mcp.client.listResources();
    assert.deepEqual(
      resources.map((r) => [r.name, r.uri, r.mimeType]),
      [
        ['site-index', 'service://site-index', 'text/markdown'],
        ['openapi-spec', 'service://openapi-spec', 'application/json'],
        ['agency-enquiry', 'skill://agency-enquiry/SKILL.md', 'text/markdown'],
        ['agency-site', 'skill://agency-site/SKILL.md', 'text/markdown'],
      ],
    );
    const templates = await mcp.client.listResourceTemplates();
    assert.deepEqual(
      templates.map((t) => [t.name, t.uriTemplate]),
      [
        ['page', 'service://page/{+slug}'],
        ['io.modelcontextprotocol/skills', 'skill://{+path}'],
      ],
    );
  });

  it('reads the site index as markdown with every section and the fit', async () => {
    const { contents } = await mcp.client.readResource('service://site-index');
    assert.equal(contents[0]?.mimeType, 'text/markdown');
    const text = contents[0]?.text ?? '';
    for (const heading of ['## Company', '## Services', '## Case studies', '## Resources'])
      assert.ok(text.includes(heading), heading);
    assert.match(text, /not a fit for B2C/);
    assert.match(text, /- services\/paid-media: /);
  });

  it('reads the OpenAPI contract the REST API serves', async () => {
    const { contents } = await mcp.client.readResource('service://openapi-spec');
    assert.equal(contents[0]?.mimeType, 'application/json');
    const contract = JSON.parse(contents[0]?.text ?? '{}') as { openapi: string; paths: Record<string, unknown> };
    assert.match(contract.openapi, /^3\.1\./);
    assert.ok(contract.paths['/agent/contact']);
    assert.deepEqual(contract, agentContract(mcp.app.app.services));
  });

  it('keeps the site index and the contract in the response cache: a second read is a kept text', async () => {
    const cache = mcp.app.app.services.responseCache;
    const kept = (): number => cache.stats().byUse.mcp?.hits ?? 0;
    for (const uri of ['service://site-index', 'service://openapi-spec']) {
      const first = await mcp.client.readResource(uri);
      const hits = kept();
      const second = await mcp.client.readResource(uri);
      assert.equal(kept(), hits + 1, uri);
      assert.equal(second.contents[0]?.text, first.contents[0]?.text);
    }
  });

  it('reads pages through the template, slugs with slashes included', async () => {
    for (const slug of ['home', 'services/paid-media', 'case-studies/northwind-ledger']) {
      const { contents } = await mcp.client.readResource(`service://page/${slug}`);
      assert.equal(contents[0]?.uri, `service://page/${slug}`);
      assert.match(contents[0]?.text ?? '', /^# \S/, slug);
    }
  });

  it('answers an unknown page with the resource-not-found error (-32602 with the URI, SEP-2164)', async () => {
    await assert.rejects(
      mcp.client.readResource('service://page/no-such-page'),
      (error: { code?: number; data?: unknown }) => {
        assert.equal(error.code, -32602);
        assert.deepEqual(error.data, { uri: 'service://page/no-such-page' });
        return true;
      },
    );
  });
});
