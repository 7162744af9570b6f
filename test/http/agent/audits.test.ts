import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { checkIds } from '../../../src/audit/report.ts';
import { freePort } from '../../helpers/free-port.ts';
import { plainSite, type PlainSite } from '../../helpers/plain-site.ts';
import type { TestApp } from '../../helpers/app.ts';
import { startRecordedApp, type ApiClient } from './contract-recorder.ts';
import { awayFromMinuteBoundary } from '../../helpers/rate-windows.ts';

let ip = 0;
/** A fresh client address per test (the app trusts loopback as a proxy), so budgets do not interfere. */
const client = (): Record<string, string> => ({ 'x-forwarded-for': `198.51.100.${++ip}` });

describe('POST /agent/audits', () => {
  let app: TestApp;
  let api: ApiClient;
  let site: PlainSite;
  before(async () => {
    site = await plainSite();
  });
  after(() => site.close());
  // Loopback is reachable only as 127.0.0.1, as a private deployment names its hosts.
  startRecordedApp({ TRUST_PROXY: 'loopback', AUDIT_ALLOW_HOSTS: '127.0.0.1' }, (started, recorder) => {
    app = started;
    api = recorder;
  });

  it('audits an allowed site with 201, the report, the audit budget headers and Location of the kept page', async () => {
    const response = await api.post('/agent/audits', { url: site.url }, client());
    assert.equal(response.status, 201);
    assert.equal(response.body.url, `${site.url}/`);
    assert.equal(response.body.checks.length, checkIds.length);
    assert.equal(response.body.checks.find((check: { id: string }) => check.id === 'robots-txt').status, 'fail');
    assert.equal(response.headers.get('ratelimit-policy'), '"audit-minute";q=3;w=60, "audit-day";q=20;w=86400');
    assert.match(response.headers.get('ratelimit') ?? '', /^"audit-minute";r=2;t=\d+, "audit-day";r=19;t=\d+$/);
    const location = new URL(response.headers.get('location') ?? '');
    assert.equal(location.origin, app.app.services.config.baseUrl);
    assert.match(location.pathname, /^\/audits\/[A-Za-z0-9_-]{22}$/);
    const id = location.pathname.slice('/audits/'.length);
    assert.deepEqual(await app.app.services.audits.find(id), response.body);
    // Past its 30 days a report is gone at once, before the hourly purge deletes its row.
    await app.app.services.store.db
      .updateTable('audit_reports')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    assert.equal(await app.app.services.audits.find(id), undefined);
    assert.equal(await app.app.services.audits.purge(), 1);
  });

  it('refuses a missing, malformed or unknown field with 400 naming it, spending no audit', async () => {
    const headers = client();
    for (const [body, field] of [
      [{}, 'url'],
      [{ url: 42 }, 'url'],
      [{ url: 'ftp://example.com/' }, 'url'],
      [{ url: site.url, depth: 2 }, 'depth'],
    ] as const) {
      const response = await api.post('/agent/audits', body, headers);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(response.body.errors[0].field, field);
    }
    const allowed = await api.post('/agent/audits', { url: site.url }, headers);
    assert.match(allowed.headers.get('ratelimit') ?? '', /"audit-minute";r=2;/);
  });

  it('refuses private, loopback and oddly spelt hosts with 400 on url, before any connection', async () => {
    const before = site.connections;
    for (const url of [
      'http://10.0.0.1/',
      `http://[::1]:${site.port}/`,
      `http://localhost:${site.port}/`,
      'http://2130706433/',
      'http://169.254.169.254/latest/meta-data',
    ]) {
      const response = await api.post('/agent/audits', { url }, client());
      assert.equal(response.status, 400, url);
      assert.equal(response.body.errors[0].field, 'url');
      assert.match(response.body.errors[0].message, /^is not audited here: refused/);
    }
    assert.equal(site.connections, before);
  });

  it("answers 502 when the site's home page does not answer", async () => {
    const response = await api.post('/agent/audits', { url: `http://127.0.0.1:${await freePort()}/` }, client());
    assert.equal(response.status, 502);
    assert.equal(response.body.status, 'upstream_error');
    assert.match(response.body.message, /cannot be reached/);
  });

  it('allows 3 audits a minute per client, then 429 with Retry-After and the audit budget headers', async () => {
    // Its budget is a clock minute's: the minute must not turn between spending it and the refusal.
    await awayFromMinuteBoundary();
    const headers = client();
    for (let i = 0; i < 3; i += 1)
      assert.equal((await api.post('/agent/audits', { url: site.url }, headers)).status, 201);
    const refused = await api.post('/agent/audits', { url: site.url }, headers);
    assert.equal(refused.status, 429);
    assert.equal(refused.body.status, 'rate_limited');
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    assert.equal(refused.body.retryAfter, Number(refused.headers.get('retry-after')));
    assert.match(refused.headers.get('ratelimit') ?? '', /^"audit-minute";r=0;t=\d+, "audit-day";r=17;t=\d+$/);
    assert.equal((await api.post('/agent/audits', { url: site.url }, client())).status, 201);
  });

  it('runs at most 4 audits at once on an instance: the fifth is 429 and spends no budget', async () => {
    site.hold();
    const running = Array.from({ length: 4 }, () => api.post('/agent/audits', { url: site.url }, client()));
    // Each audit holds its slot once its first request (the home page) is held.
    while (site.held() < 4) await new Promise((r) => setTimeout(r, 10));
    const headers = client();
    const busy = await api.post('/agent/audits', { url: site.url }, headers);
    site.release();
    assert.equal(busy.status, 429);
    assert.match(busy.body.message, /busy/);
    assert.equal(busy.headers.get('retry-after'), '10');
    assert.match(busy.headers.get('ratelimit') ?? '', /"audit-minute";r=3;/);
    for (const response of await Promise.all(running)) assert.equal(response.status, 201);
  });

  it('matches the OpenAPI contract in every answer', () => api.assertRecordedMatchContract());
});
