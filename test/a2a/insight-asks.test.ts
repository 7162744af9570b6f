// Agent insight counts an A2A skill call as an ask when its capability declares its query, as the
// MCP binding does, under "a2a-" and the capability's source: the agency's own search skill, and a
// capability added to a test catalogue with no other edit. A text question stays "a2a-text".
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Client } from '@a2a-js/sdk/client';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { findNotes } from '../helpers/find-notes.ts';
import { ask, call, clientFor, resultOf, send } from './agent.ts';

describe('A2A asks in agent insight', () => {
  let app: TestApp;
  let client: Client;
  before(async () => {
    app = await startTestApp({}, { capabilities: (deps) => [findNotes(deps)] });
    client = await clientFor(app);
  });
  after(() => app.stop());

  /** The ask rows recorded for these queries (as insight keeps them: lower case). */
  async function rowsFor(queries: string[]): Promise<[source: string, query: string, results: number][]> {
    await app.app.services.insight.flush();
    const rows = await app.app.services.store.db.selectFrom('insight_asks').selectAll().execute();
    return rows
      .filter((row) => queries.includes(String(row.query)))
      .map((row): [string, string, number] => [row.source, String(row.query), Number(row.results)])
      .sort();
  }

  it('records skill calls whose capability declares its query, and text questions as before', async () => {
    const search = resultOf(await send(client, call('service_search_case_studies', { query: 'telematics fleet' })));
    await send(client, call('service_find_notes', { word: 'pipeline' }));
    await send(client, call('service_find_notes', {}));
    await send(client, call('service_get_site_index', {}));
    await send(client, ask('brand refresh'));
    const rows = await rowsFor(['telematics fleet', 'pipeline', 'brand refresh', '(empty)']);
    assert.deepEqual(
      rows.filter(([source]) => source !== 'a2a-text'),
      [
        ['a2a-search', 'telematics fleet', search.data.total as number],
        ['a2a-service_find_notes', 'pipeline', 2],
      ],
    );
    assert.deepEqual(
      rows.filter(([source]) => source === 'a2a-text').map(([, query]) => query),
      ['brand refresh'],
    );
  });
});
