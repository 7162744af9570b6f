// The case-study index is a capability of the catalogue served by its REST route only: GET
// /agent/case-studies runs through the one call pipeline (its pages kept in the response cache), and
// no MCP tool, A2A skill or card entry names it, as the published tool list and skills stay as they are.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as z from 'zod';
import { defineCapability, noAuthentication, readHints } from '../../src/capabilities/capability.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { eras } from '../mcp/clients.ts';

const name = 'service_list_case_studies';

describe('the case-study index capability', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ BASE_URL: 'https://verto.example' });
  });
  after(() => app.stop());

  const get = (path: string, headers: Record<string, string> = {}): Promise<Response> =>
    fetch(`${app.baseUrl}${path}`, { headers });
  const getJson = async (path: string): Promise<any> => (await get(path)).json();

  it('is in the catalogue, REST-only, with its route', () => {
    const capability = app.app.services.catalog.byKey.listCaseStudies;
    assert.equal(capability.name, name);
    assert.equal(capability.restOnly, true);
    assert.equal(capability.a2aSkill, false);
    assert.deepEqual([capability.route?.method, capability.route?.path], ['GET', '/case-studies']);
  });

  for (const era of eras) {
    it(`is no MCP tool over ${era.name}: the twelve published tools stay`, async () => {
      const client = await era.connect(app.mcpUrl);
      try {
        const tools = await client.listTools();
        assert.equal(tools.length, 12);
        assert.ok(!tools.some((tool) => tool.name === name));
      } finally {
        await client.close();
      }
    });
  }

  it('is on no card, in no ard.json entry and in no MCP tool table of /developers', async () => {
    const card = await getJson('/.well-known/agent-card.json');
    assert.ok(!card.skills.some((skill: { id: string }) => skill.id === name));
    const serverCard = await getJson('/.well-known/mcp/server-card.json');
    assert.equal(serverCard.tools.length, 12);
    assert.ok(!serverCard.tools.some((tool: { name: string }) => tool.name === name));
    const ard = await getJson('/.well-known/ard.json');
    assert.ok(!ard.entries[0].capabilities.includes(name));
    const developers = await (await get('/markdown/developers.md')).text();
    assert.ok(!developers.includes(name));
  });

  it('is the listCaseStudies operation of the contract, filed under "Case studies"', async () => {
    const contract = await getJson('/agent/openapi.json');
    const operation = contract.paths['/agent/case-studies'].get;
    assert.equal(operation.operationId, 'listCaseStudies');
    assert.deepEqual(operation.tags, ['Case studies']);
    assert.deepEqual(
      operation.parameters.map((parameter: { name: string }) => parameter.name),
      ['limit', 'cursor'],
    );
  });

  it('keeps each page: a second ask is a kept result and the same bytes, revalidated by ETag', async () => {
    const stats = () => app.app.services.responseCache.stats().byUse;
    const first = await get('/agent/case-studies?limit=4');
    const hitsBefore = stats().rest?.hits ?? 0;
    const second = await get('/agent/case-studies?limit=4');
    assert.equal(await second.text(), await first.text());
    assert.equal(stats().rest?.hits, hitsBefore + 1);
    // The capability's result is kept from its second ask: the third is answered from the cache.
    const capabilityHitsBefore = stats().capability?.hits ?? 0;
    await get('/agent/case-studies?limit=4');
    assert.equal(stats().capability?.hits, capabilityHitsBefore + 1);
    const etag = second.headers.get('etag')!;
    const revalidated = await get('/agent/case-studies?limit=4', { 'if-none-match': etag });
    assert.equal(revalidated.status, 304);
  });

  it('reads a limit in digits as its number and refuses other text in the API words', async () => {
    const page = await getJson('/agent/case-studies?limit=3');
    assert.equal(page.count, 3);
    const refused = await getJson('/agent/case-studies?limit=3x&cursor=forged&sort=asc');
    assert.deepEqual(refused.errors, [
      { field: 'sort', message: 'is not a known parameter' },
      { field: 'limit', message: 'must be an integer from 1 to 50, given once' },
      { field: 'cursor', message: 'is not a cursor issued by this API; pass next_cursor unchanged' },
    ]);
  });
});

describe('a REST-only capability', () => {
  const base = {
    key: 'countNotes',
    name: 'service_count_notes',
    title: 'Count notes',
    description: 'Counts notes.',
    input: z.strictObject({}),
    output: z.object({ count: z.int() }),
    budget: 'read',
    authentication: noAuthentication,
    hints: readHints,
    stable: true,
    examples: [{}],
    prompts: [] as string[],
    tags: [] as string[],
    restOnly: true,
    handle: () => ({ structured: { count: 0 }, text: '0 notes' }),
  };

  it('needs a route, and cannot be an A2A skill', () => {
    assert.throws(() => defineCapability({ ...base, a2aSkill: false }), /needs a route/);
    const route = { method: 'GET', path: '/notes/count' } as const;
    assert.throws(() => defineCapability({ ...base, route, a2aSkill: true }), /no A2A skill/);
    assert.equal(defineCapability({ ...base, route, a2aSkill: false }).restOnly, true);
  });
});
