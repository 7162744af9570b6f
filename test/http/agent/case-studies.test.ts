import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { apiClient, startRecordedApp, type ApiClient } from './contract-recorder.ts';

describe('GET /agent/case-studies', () => {
  let app: TestApp;
  let api: ApiClient;
  before(async () => {
    app = await startTestApp({ BASE_URL: 'https://verto.example' });
    api = apiClient(app.baseUrl);
  });
  after(async () => {
    try {
      await api.assertRecordedMatchContract();
    } finally {
      await app.stop();
    }
  });

  it('returns the first 10 entries by default with the documented entry fields', async () => {
    const response = await api.request('GET', '/agent/case-studies');
    assert.equal(response.status, 200);
    assert.equal(response.body.count, 10);
    assert.equal(response.body.items.length, 10);
    assert.equal(response.body.total, 49);
    assert.equal(response.body.has_more, true);
    assert.equal(typeof response.body.next_cursor, 'string');
    const entry = response.body.items[0];
    for (const field of ['slug', 'name', 'headline_stat', 'industry', 'services', 'summary', 'url', 'markdown_url']) {
      assert.ok(field in entry, field);
    }
    assert.equal(entry.url, `https://verto.example/case-studies/${entry.slug}`);
    assert.equal(entry.markdown_url, `https://verto.example/markdown/case-studies/${entry.slug}.md`);
  });

  it('walks every case study exactly once, newest first then by slug', async () => {
    const seen: { slug: string; published_at: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=7&cursor=${encodeURIComponent(cursor)}` : '?limit=7';
      const response = await api.request('GET', `/agent/case-studies${query}`);
      assert.equal(response.status, 200);
      seen.push(...response.body.items);
      cursor = response.body.next_cursor;
      assert.equal(response.body.has_more, cursor !== null);
      pages++;
    } while (cursor && pages < 20);
    assert.equal(pages, 7);
    assert.equal(seen.length, 49);
    assert.equal(new Set(seen.map((s) => s.slug)).size, 49);
    const sorted = [...seen].sort(
      (a, b) => b.published_at.localeCompare(a.published_at) || a.slug.localeCompare(b.slug),
    );
    assert.deepEqual(
      seen.map((s) => s.slug),
      sorted.map((s) => s.slug),
    );
  });

  it('accepts limits from 1 to 50', async () => {
    const one = await api.request('GET', '/agent/case-studies?limit=1');
    assert.equal(one.body.count, 1);
    const fifty = await api.request('GET', '/agent/case-studies?limit=50');
    assert.equal(fifty.body.count, 49);
    assert.equal(fifty.body.has_more, false);
    assert.equal(fifty.body.next_cursor, null);
  });

  for (const limit of ['0', '51', '-1', '1.5', 'ten', '', '1e1', ' 5']) {
    it(`refuses limit=${JSON.stringify(limit)} with 400 naming limit`, async () => {
      const response = await api.request('GET', `/agent/case-studies?limit=${encodeURIComponent(limit)}`);
      assert.equal(response.status, 400);
      assert.deepEqual(
        response.body.errors.map((e: { field: string }) => e.field),
        ['limit'],
      );
    });
  }

  it('refuses a repeated limit', async () => {
    const response = await api.request('GET', '/agent/case-studies?limit=2&limit=3');
    assert.equal(response.status, 400);
  });

  it('refuses a tampered or foreign cursor with 400 naming cursor', async () => {
    const first = await api.request('GET', '/agent/case-studies?limit=2');
    const cursor: string = first.body.next_cursor;
    const [payload, signature] = cursor.split('.') as [string, string];
    const forged = `${Buffer.from(JSON.stringify(['2099-01-01', 'a'])).toString('base64url')}.${signature}`;
    for (const bad of [forged, `${payload}.AAAA${signature.slice(4)}`, 'garbage', 'x'.repeat(600)]) {
      const response = await api.request('GET', `/agent/case-studies?cursor=${encodeURIComponent(bad)}`);
      assert.equal(response.status, 400, bad);
      assert.deepEqual(
        response.body.errors.map((e: { field: string }) => e.field),
        ['cursor'],
      );
    }
  });

  it('lists every bad parameter at once, unknown ones included', async () => {
    const response = await api.request('GET', '/agent/case-studies?limit=0&cursor=nope&sort=asc');
    assert.equal(response.status, 400);
    assert.deepEqual(response.body.errors.map((e: { field: string }) => e.field).sort(), ['cursor', 'limit', 'sort']);
  });

  it('serves the same index at the pinned path, and cursors work across both', async () => {
    const alias = await api.request('GET', '/agent/case-studies?limit=3');
    const pinned = await api.request(
      'GET',
      `/agent/v1/case-studies?limit=3&cursor=${encodeURIComponent(alias.body.next_cursor)}`,
    );
    assert.equal(pinned.status, 200);
    assert.notEqual(pinned.body.items[0].slug, alias.body.items[0].slug);
    assert.equal(pinned.headers.get('api-version'), '1');
  });

  it('keeps cursors valid across a restart (the signing key lives in the database)', async () => {
    const first = await api.request('GET', '/agent/case-studies?limit=5');
    await app.stop();
    app = await startTestApp({ BASE_URL: 'https://verto.example', DATABASE_URL: app.databaseUrl });
    api = apiClient(app.baseUrl);
    const next = await api.request(
      'GET',
      `/agent/case-studies?limit=5&cursor=${encodeURIComponent(first.body.next_cursor)}`,
    );
    assert.equal(next.status, 200);
    assert.equal(next.body.count, 5);
  });
});

describe('POST /agent/identity', () => {
  let api: ApiClient;
  startRecordedApp({}, (_started, client) => {
    api = client;
  });

  it('registers an anonymous identity and issues no credential', async () => {
    const response = await api.post('/agent/identity', { identity_type: 'anonymous' });
    assert.equal(response.status, 200);
    assert.equal(response.body.status, 'registered');
    assert.equal(response.body.identity_type, 'anonymous');
    assert.equal(response.body.token, null);
  });

  it('accepts the auth.md form {"type":"anonymous"} at both paths', async () => {
    for (const path of ['/agent/identity', '/agent/v1/identity']) {
      const response = await api.post(path, { type: 'anonymous' });
      assert.equal(response.status, 200, path);
    }
  });

  it('refuses any other identity type, a missing type and unknown fields with 400', async () => {
    const cases: [unknown, string[]][] = [
      [{ identity_type: 'oauth' }, ['identity_type']],
      [{}, ['identity_type']],
      [{ identity_type: 'anonymous', name: 'x' }, ['name']],
    ];
    for (const [body, fields] of cases) {
      const response = await api.post('/agent/identity', body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.deepEqual(
        response.body.errors.map((e: { field: string }) => e.field),
        fields,
      );
    }
  });

  it('answers GET with 405 and Allow', async () => {
    const response = await api.request('GET', '/agent/identity');
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'POST, OPTIONS');
  });
});
