// Agent insight counts an MCP tool call as an ask when its capability declares its query: the
// agency's search-like tools under the source names the dashboard has always shown, and a capability
// added to the catalogue, with no other edit, under "mcp-" and its tool name.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { findNotes } from '../helpers/find-notes.ts';
import { eras } from './clients.ts';

interface AskRow {
  source: string;
  query: string;
  results: number;
  noResult: number;
  outOfFit: number;
}

describe('MCP asks in agent insight', () => {
  let app: TestApp;
  const outputs = new Map<string, Record<string, unknown>>();
  before(async () => {
    app = await startTestApp({}, { capabilities: (deps) => [findNotes(deps)] });
  });
  after(() => app.stop());

  /** Calls each tool once over MCP (queries in lower case, as insight keeps them), then reads the ask rows they left. */
  async function asksAfter(calls: [tool: string, args: Record<string, unknown>][]): Promise<AskRow[]> {
    const client = await eras[0]!.connect(app.mcpUrl);
    try {
      for (const [tool, args] of calls) {
        const result = await client.callTool(tool, args);
        assert.notEqual(result.isError, true, tool);
        outputs.set(tool, result.structuredContent ?? {});
      }
    } finally {
      await client.close();
    }
    await app.app.services.insight.flush();
    const rows = await app.app.services.store.db.selectFrom('insight_asks').selectAll().execute();
    return rows
      .map((r) => ({
        source: r.source,
        query: String(r.query),
        results: Number(r.results),
        noResult: Number(r.no_result),
        outOfFit: Number(r.out_of_fit),
      }))
      .filter((r) => calls.some(([, args]) => Object.values(args).includes(r.query)));
  }

  it("records a call of a catalogue capability that declares its query, under mcp- and the tool's name", async () => {
    const rows = await asksAfter([
      ['service_find_notes', { word: 'pipeline' }],
      ['service_find_notes', { word: 'invoice' }],
    ]);
    assert.deepEqual(
      rows.sort((a, b) => a.query.localeCompare(b.query)),
      [
        { source: 'mcp-service_find_notes', query: 'invoice', results: 0, noResult: 1, outOfFit: 0 },
        { source: 'mcp-service_find_notes', query: 'pipeline', results: 2, noResult: 0, outOfFit: 0 },
      ],
    );
  });

  it('counts a call without query text as a visit only', async () => {
    const before = await app.app.services.store.db.selectFrom('insight_asks').selectAll().execute();
    const client = await eras[0]!.connect(app.mcpUrl);
    try {
      await client.callTool('service_find_notes', {});
      await client.callTool('service_get_site_index', {});
    } finally {
      await client.close();
    }
    await app.app.services.insight.flush();
    const after = await app.app.services.store.db.selectFrom('insight_asks').selectAll().execute();
    assert.equal(after.length, before.length);
  });

  it("keeps the source names of the agency's own search-like tools, with their counts and fit", async () => {
    const rows = await asksAfter([
      ['service_search_case_studies', { query: 'telematics fleet' }],
      ['service_get_site_index', { query: 'attribution modelling' }],
      ['service_match_services', { challenge: 'we are a consumer brand' }],
      ['service_get_value_proposition', { query: 'cybersecurity pipeline', include: ['proof_points'] }],
      ['ask', { query: 'case studies above 100m arr' }],
    ]);
    const bySource = Object.fromEntries(rows.map((r) => [r.source, r]));
    assert.deepEqual(Object.keys(bySource).sort(), [
      'mcp-ask',
      'mcp-match',
      'mcp-search',
      'mcp-site-index',
      'mcp-value',
    ]);
    const count = (tool: string, read: (output: any) => number): number => read(outputs.get(tool));
    assert.deepEqual(rows.map((r) => [r.source, r.results]).sort(), [
      ['mcp-ask', count('ask', (o) => o.total)],
      ['mcp-match', count('service_match_services', (o) => o.matches.length)],
      ['mcp-search', count('service_search_case_studies', (o) => o.total)],
      ['mcp-site-index', count('service_get_site_index', (o) => o.matches.length)],
      ['mcp-value', count('service_get_value_proposition', (o) => o.proofPoints.length)],
    ]);
    assert.equal(bySource['mcp-match']!.outOfFit, 1, 'the match says the challenge is outside the fit');
    assert.equal(bySource['mcp-site-index']!.outOfFit, 0, 'the index judges no fit');
  });
});
