// Agent insight across surfaces: a signed page request is recorded as its verified operator (the
// signature is checked on pages too, not only where rate limits run), and the A2A agent records
// each skill call, text question and enquiry under surface "a2a" and channel "a2a".
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ask, call, clientFor, send } from '../a2a/agent.ts';
import { startSigningAgent, type SigningAgent } from '../domain/callers/signer.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

describe('agent insight on every surface', () => {
  let app: TestApp;
  let agent: SigningAgent;

  before(async () => {
    agent = await startSigningAgent();
    app = await startTestApp({ AGENT_KEY_DIRECTORIES: agent.directory.origin });
  });
  after(async () => {
    await app.stop();
    await agent.close();
  });

  const visits = async (
    surface: string,
  ): Promise<
    { item: string; kind: string; verified: number; family: string; status_class: string; count: number }[]
  > => {
    await app.app.services.insight.flush();
    return app.app.services.store.db
      .selectFrom('insight_visits')
      .select(['item', 'kind', 'verified', 'family', 'status_class', 'count'])
      .where('surface', '=', surface)
      .execute() as never;
  };

  it('records a signed page request as a visit of its verified operator', async () => {
    const site = app.app.services.config.baseUrl;
    const headers = await agent.sign(`${site}/about`, { accept: 'text/html' });
    const response = await fetch(`${site}/about`, { headers });
    assert.equal(response.status, 200);
    await response.arrayBuffer();
    // Recording waits for the signature's verification (the first one fetches the key directory).
    let rows = (await visits('page-html')).filter((row) => row.item === '/about');
    for (let tries = 0; rows.length === 0 && tries < 40; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      rows = (await visits('page-html')).filter((row) => row.item === '/about');
    }
    assert.equal(rows.length, 1, JSON.stringify(rows));
    assert.equal(rows[0]!.kind, 'verified-agent');
    assert.equal(Number(rows[0]!.verified), 1);
  });

  it('records A2A skill calls, text questions and enquiries under a2a, and refusals by their status', async () => {
    const client = await clientFor(app);
    await send(client, ask('cybersecurity pipeline'));
    await send(client, call('service_get_page', { slug: 'about' }));
    await assert.rejects(send(client, call('service_get_page', {})));
    await send(
      client,
      call('service_send_enquiry', {
        fromName: 'Insight Test',
        fromEmail: 'insight.test@example.com',
        message: 'Counted under channel a2a, never stored as text.',
      }),
    );
    const rows = await visits('a2a');
    const count = (item: string, status: string): number =>
      rows
        .filter((row) => row.item === item && row.status_class === status)
        .reduce((sum, row) => sum + Number(row.count), 0);
    assert.equal(count('text', '2xx'), 1);
    assert.equal(count('service_get_page', '2xx'), 1);
    assert.equal(count('service_get_page', '4xx'), 1);
    assert.equal(count('service_send_enquiry', '2xx'), 1);
    const db = app.app.services.store.db;
    const asks = await db.selectFrom('insight_asks').selectAll().where('source', '=', 'a2a-text').execute();
    assert.deepEqual(
      asks.map((row) => row.query),
      ['cybersecurity pipeline'],
    );
    const enquiries = await db.selectFrom('insight_enquiries').selectAll().where('channel', '=', 'a2a').execute();
    assert.equal(
      enquiries.reduce((sum, row) => sum + Number(row.count), 0),
      1,
    );
  });
});
