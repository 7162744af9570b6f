// The ask as a capability of the catalogue: the MCP tool `ask` (official clients of both eras) and the
// A2A skill (official A2A client) give the answer of GET /ask, read-only, on the read budget, and
// agent insight counts each question with its source.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, clientFor, resultOf, send } from '../a2a/agent.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { askGet, sizeOf, studyAt } from '../http/ask/asking.ts';
import { eras } from '../mcp/clients.ts';

const question = 'case studies above 100M ARR';

describe('the ask capability', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.stop());

  for (const era of eras) {
    it(`is the read-only MCP tool ask, with query, site and generate_mode, over ${era.name}`, async () => {
      const client = await era.connect(app.mcpUrl);
      try {
        const tool = (await client.listTools()).find((t) => t.name === 'ask')!;
        assert.deepEqual(Object.keys(tool.inputSchema.properties as object).sort(), ['generate_mode', 'query', 'site']);
        assert.deepEqual(tool.inputSchema.required, ['query']);
        assert.equal(tool.annotations?.readOnlyHint, true);
        const result = await client.callTool('ask', { query: question, generate_mode: 'list' });
        const { content } = app.app.services;
        const results = result.structuredContent!.results as { url: string }[];
        assert.ok(results.length > 0);
        for (const r of results) assert.ok(sizeOf(studyAt(content, r.url))! > 100e6, r.url);
        const legacy = await askGet(app.baseUrl, question);
        assert.deepEqual(
          results.map((r) => r.url),
          legacy.results.map((r) => r.url),
          'the same answer as GET /ask',
        );
        assert.ok(result.content[0]?.text?.includes(results[0]!.url));
      } finally {
        await client.close();
      }
    });
  }

  it('is an A2A skill with the same answer', async () => {
    const client = await clientFor(app);
    const { skill, data } = resultOf(await send(client, call('ask', { query: question })));
    assert.equal(skill, 'ask');
    const legacy = await askGet(app.baseUrl, question);
    assert.deepEqual(
      (data.results as { url: string }[]).map((r) => r.url),
      legacy.results.map((r) => r.url),
    );
  });

  it('counts MCP questions for agent insight under mcp-ask, an out-of-fit one as such', async () => {
    const client = await eras[0]!.connect(app.mcpUrl);
    try {
      await client.callTool('ask', { query: 'We are a consumer brand' });
    } finally {
      await client.close();
    }
    await app.app.services.insight.flush();
    const rows = await app.app.services.store.db
      .selectFrom('insight_asks')
      .selectAll()
      .where('source', '=', 'mcp-ask')
      .execute();
    const row = rows.find((r) => /consumer brand/.test(String(r.query)));
    assert.ok(row, JSON.stringify(rows));
    assert.equal(Number(row.out_of_fit), 1);
  });
});
