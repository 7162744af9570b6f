// NLWeb's ask over real HTTP: the legacy list and its events, the v0.54 answer with grounding and
// the enquiry action, INVALID_REQUEST for a missing query, the shared read budget and agent insight.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { awayFromMinuteBoundary } from '../../helpers/rate-windows.ts';
import { askGet } from './asking.ts';

describe('NLWeb /ask', () => {
  let app: TestApp;
  const post = (body: unknown): Promise<Response> =>
    fetch(`${app.baseUrl}/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  before(async () => {
    app = await startTestApp({ BASE_URL: 'https://verto.example' });
  });
  after(() => app.stop());

  it('answers GET with the legacy list: query_id and results of url, name, site, score, description, schema_object', async () => {
    const body = await askGet(app.baseUrl, 'ABM');
    assert.equal(typeof body.query_id, 'string');
    const [first] = body.results;
    assert.deepEqual(Object.keys(first!).sort(), ['description', 'name', 'schema_object', 'score', 'site', 'url']);
    assert.match((body as unknown as { message: string }).message, /Account-Based Marketing/);
    assert.ok(
      body.results.every((r, i) => i === 0 || r.score <= body.results[0]!.score),
      'the named service scores first',
    );
    assert.equal(first!.site, 'verto.example');
    assert.equal(first!.schema_object['@type'], 'Service');
  });

  it('streams the same results as server-sent events when the client accepts them, and not with streaming=false', async () => {
    const streamed = await fetch(`${app.baseUrl}/ask?query=ABM&query_id=q-1`, {
      headers: { accept: 'text/event-stream' },
    });
    assert.match(streamed.headers.get('content-type') ?? '', /^text\/event-stream/);
    assert.equal(streamed.headers.get('vary'), 'Accept');
    const events = (await streamed.text())
      .trim()
      .split('\n\n')
      .map((event) => JSON.parse(event.replace(/^data: /, '')) as Record<string, unknown>);
    assert.deepEqual(
      events.map((event) => event.message_type),
      ['api_version', 'result_batch', 'summary', 'complete'],
    );
    assert.ok(events.every((event) => event.query_id === 'q-1'));
    const listed = await askGet(app.baseUrl, 'ABM');
    assert.deepEqual(
      (events[1]!.results as { url: string }[]).map((r) => r.url),
      listed.results.map((r) => r.url),
    );
    const plain = await fetch(`${app.baseUrl}/ask?query=ABM&streaming=false`, {
      headers: { accept: 'text/event-stream, application/json' },
    });
    assert.match(plain.headers.get('content-type') ?? '', /^application\/json/);
  });

  it('answers the v0.54 body with typed results grounded in their pages, each offering the enquiry', async () => {
    const response = await post({
      query: { text: 'fintech case studies above 100M ARR', site: 'verto.example' },
      meta: { api_version: '0.54' },
    });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { _meta: Record<string, unknown>; results: Record<string, any>[] };
    assert.equal(body._meta.response_type, 'Answer');
    assert.equal(body._meta.version, '0.54');
    assert.ok(body.results.length > 0);
    for (const result of body.results) {
      assert.equal(result['@type'], 'Article');
      assert.equal(result['@context'], 'https://schema.org');
      assert.equal(result.grounding.source_urls[0], result.url);
      assert.match(result.url, /^https:\/\/verto\.example\/case-studies\//);
      assert.equal(result.actions[0].endpoint, 'https://verto.example/agent/contact');
      assert.equal(result.actions[0].method, 'POST');
    }
  });

  it('refuses a body without query.text with INVALID_REQUEST and 400, as GET without query', async () => {
    for (const response of [await post({ query: {} }), await post({}), await fetch(`${app.baseUrl}/ask`)]) {
      assert.equal(response.status, 400);
      const body = (await response.json()) as {
        _meta: { response_type: string };
        error: { code: string; message: string };
      };
      assert.equal(body._meta.response_type, 'Failure');
      assert.equal(body.error.code, 'INVALID_REQUEST');
      assert.match(body.error.message, /query/);
    }
  });

  it('spends the shared read budget and answers any origin', async () => {
    await awayFromMinuteBoundary(2);
    const first = await fetch(`${app.baseUrl}/ask?query=pipeline&streaming=false`);
    const second = await fetch(`${app.baseUrl}/ask?query=pipeline&streaming=false`);
    assert.match(first.headers.get('ratelimit-policy') ?? '', /q=300;w=60/);
    assert.equal(
      Number(second.headers.get('ratelimit-remaining')),
      Number(first.headers.get('ratelimit-remaining')) - 1,
    );
    assert.equal(first.headers.get('access-control-allow-origin'), '*');
  });

  it('records each question for agent insight, an out-of-fit one as such', async () => {
    await askGet(app.baseUrl, 'We are a consumer brand');
    await app.app.services.insight.flush();
    const rows = await app.app.services.store.db
      .selectFrom('insight_asks')
      .selectAll()
      .where('source', '=', 'nlweb-ask')
      .execute();
    const row = rows.find((r) => /consumer brand/i.test(String(r.query)));
    assert.ok(row, JSON.stringify(rows));
    assert.equal(Number(row.out_of_fit), 1);
  });

  it('is published in llms.txt, /developers, the agent skills and the ARD catalog', async () => {
    const base = app.app.services.config.baseUrl;
    const text = async (path: string, accept = '*/*'): Promise<string> =>
      (await fetch(`${app.baseUrl}${path}`, { headers: { accept } })).text();
    assert.match(await text('/llms.txt'), new RegExp(`GET ${base}/ask\\?query=`));
    const developers = await text('/developers', 'text/markdown');
    assert.ok(developers.includes(`POST ${base}/ask`) && developers.includes('INVALID_REQUEST'));
    const index = JSON.parse(await text('/.well-known/agent-skills/index.json')) as { skills: { url: string }[] };
    const skills = await Promise.all(
      index.skills.map((skill) => fetch(skill.url.replace(base, app.baseUrl)).then((r) => r.text())),
    );
    assert.ok(
      skills.some((skill) => skill.includes(`${base}/ask`)),
      'a published skill says how to ask',
    );
    const ard = JSON.parse(await text('/.well-known/ard.json')) as { entries: { description: string }[] };
    assert.ok(ard.entries.some((entry) => entry.description.includes('NLWeb /ask')));
  });
});
