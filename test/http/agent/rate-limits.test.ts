import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generalPolicy } from '../../../src/domain/rate-limit/rate-limit.ts';
import type { TestApp } from '../../helpers/app.ts';
import { startRecordedApp, type ApiClient } from './contract-recorder.ts';
import { awayFromMinuteBoundary, awayFromDayBoundary, secondsToDayEnd } from '../../helpers/rate-windows.ts';

/** Seconds a flood of the shared budget's 300 requests may take on a busy machine (11 s seen), so one minute holds it. */
const floodSeconds = 25;

const valid = {
  fromName: 'Ada Lovelace',
  fromEmail: 'ada@example.com',
  message: 'We would like to talk about pipeline.',
};

async function counter(app: TestApp, window: string, client: string): Promise<number> {
  const rows = await app.app.services.store.db
    .selectFrom('rate_limit_counters')
    .select('count')
    .where('policy', '=', window)
    .where('client', '=', client)
    .execute();
  return rows.reduce((sum, row) => sum + Number(row.count), 0);
}

async function seed(app: TestApp, window: string, seconds: number, client: string, count: number): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const windowStart = now - (now % seconds);
  await app.app.services.store.db
    .insertInto('rate_limit_counters')
    .values({ policy: window, client, window_start: windowStart, count, expires_at: windowStart + seconds })
    .execute();
}

describe('rate limits behind a trusted proxy (TRUST_PROXY=loopback)', () => {
  let app: TestApp;
  let api: ApiClient;
  startRecordedApp({ TRUST_PROXY: 'loopback' }, (started, client) => {
    app = started;
    api = client;
  });
  const from = (address: string): Record<string, string> => ({ 'x-forwarded-for': address });

  it('allows 5 enquiries a minute, then answers 429 with Retry-After equal to retryAfter', async () => {
    await awayFromMinuteBoundary();
    for (let i = 1; i <= 5; i++) {
      const response = await api.post('/agent/contact', valid, from('203.0.113.10'));
      assert.equal(response.status, 202);
      assert.equal(response.headers.get('ratelimit-remaining'), String(5 - i));
    }
    const refused = await api.post('/agent/contact', valid, from('203.0.113.10'));
    assert.equal(refused.status, 429);
    assert.equal(refused.body.status, 'rate_limited');
    assert.ok(refused.body.retryAfter >= 1 && refused.body.retryAfter <= 60);
    assert.equal(refused.headers.get('retry-after'), String(refused.body.retryAfter));
    assert.equal(refused.headers.get('ratelimit-remaining'), '0');
    assert.match(refused.headers.get('ratelimit') ?? '', /"contact-minute";r=0;t=\d+, "contact-day";r=45;t=\d+/);
  });

  it('does not spend the day window on a request the minute window refused', async () => {
    assert.equal(await counter(app, 'contact-day', '203.0.113.10'), 5);
    assert.equal(await counter(app, 'contact-minute', '203.0.113.10'), 5);
  });

  it('refuses the 51st enquiry of a day without spending the minute window', async () => {
    await awayFromMinuteBoundary();
    await awayFromDayBoundary();
    await seed(app, 'contact-day', 86_400, '203.0.113.20', 49);
    const fiftieth = await api.post('/agent/contact', valid, from('203.0.113.20'));
    assert.equal(fiftieth.status, 202);
    assert.equal(fiftieth.headers.get('ratelimit-limit'), '50');
    assert.equal(fiftieth.headers.get('ratelimit-remaining'), '0');
    const refused = await api.post('/agent/contact', valid, from('203.0.113.20'));
    assert.equal(refused.status, 429);
    // The wait is the rest of the UTC day (in the last minute of a day, that is under 60 s too).
    assert.ok(
      Math.abs(refused.body.retryAfter - secondsToDayEnd()) <= 2,
      `waits for the day window: ${refused.body.retryAfter} s`,
    );
    assert.equal(refused.headers.get('retry-after'), String(refused.body.retryAfter));
    assert.equal(await counter(app, 'contact-minute', '203.0.113.20'), 1);
  });

  it('spends no contact quota on an invalid request but still reports the budget', async () => {
    const response = await api.post('/agent/contact', { ...valid, message: 'short' }, from('203.0.113.30'));
    assert.equal(response.status, 400);
    assert.equal(response.headers.get('ratelimit-remaining'), '5');
    assert.equal(await counter(app, 'contact-minute', '203.0.113.30'), 0);
  });

  it('charges every invalid contact post to the shared 300/min budget, so a flood of them is refused with 429', async () => {
    await awayFromMinuteBoundary(floodSeconds);
    const headers = from('203.0.113.60');
    const invalid = [
      () => api.post('/agent/contact', { ...valid, message: 'short' }, headers),
      () => api.post('/agent/contact', '{"fromName":', headers),
      () =>
        api.request('POST', '/agent/contact', { headers: { ...headers, 'content-type': 'text/plain' }, body: 'hello' }),
      () => api.post('/agent/contact', { ...valid, fromName: null }, headers),
    ];
    const statuses = new Set<number>();
    for (let i = 0; i < generalPolicy.windows[0]!.limit; i++)
      statuses.add((await invalid[i % invalid.length]!()).status);
    assert.deepEqual([...statuses].sort(), [400, 415]);
    for (const send of invalid) {
      const refused = await send();
      assert.equal(refused.status, 429);
      assert.equal(refused.body.status, 'rate_limited');
      assert.equal(refused.headers.get('retry-after'), String(refused.body.retryAfter));
      assert.equal(refused.headers.get('ratelimit-limit'), '300');
    }
    const enquiry = await api.post('/agent/contact', valid, headers);
    assert.equal(enquiry.status, 429, 'the exhausted shared budget refuses a valid enquiry too');
    assert.equal(await counter(app, 'contact-minute', '203.0.113.60'), 0, 'no contact quota was spent');
  });

  it('keeps contact and the shared 300/min budget apart', async () => {
    const health = await api.request('GET', '/agent/health', { headers: from('203.0.113.10') });
    assert.equal(health.status, 200);
    assert.equal(health.headers.get('ratelimit-limit'), '300');
  });

  it('shares 300 requests a minute across every other /agent path and refuses the next with 429', async () => {
    await awayFromMinuteBoundary();
    // The shared budget is counted in memory and written behind, so spend it through the app's limiter.
    for (let i = 0; i < 298; i++) await app.app.services.rateLimiter.take(generalPolicy, '203.0.113.40');
    const last = await api.request('GET', '/agent/case-studies', { headers: from('203.0.113.40') });
    assert.equal(last.status, 200);
    assert.equal(last.headers.get('ratelimit-remaining'), '1');
    const notFound = await api.request('GET', '/agent/nothing-here', { headers: from('203.0.113.40') });
    assert.equal(notFound.status, 404);
    assert.equal(notFound.headers.get('ratelimit-remaining'), '0');
    for (const path of ['/agent/health', '/agent/v1/health', '/agent/nothing-here']) {
      const refused = await api.request('GET', path, { headers: from('203.0.113.40') });
      assert.equal(refused.status, 429, path);
      assert.equal(refused.body.status, 'rate_limited');
      assert.equal(refused.headers.get('retry-after'), String(refused.body.retryAfter));
      assert.equal(refused.headers.get('api-version'), '1');
    }
    const other = await api.request('POST', '/api/anything', { headers: from('203.0.113.40') });
    assert.equal(other.status, 429, '/api/* shares the budget');
  });

  it('counts IPv6 clients per /56 prefix', async () => {
    await awayFromMinuteBoundary();
    for (let i = 0; i < 5; i++) {
      const response = await api.post(
        '/agent/contact',
        valid,
        from(`2001:db8:aa:bb${String(i).padStart(2, '0')}::${i + 1}`),
      );
      assert.equal(response.status, 202);
    }
    const samePrefix = await api.post('/agent/contact', valid, from('2001:db8:aa:bbff:1234:5678:9abc:def0'));
    assert.equal(samePrefix.status, 429);
    const otherPrefix = await api.post('/agent/contact', valid, from('2001:db8:aa:cc00::1'));
    assert.equal(otherPrefix.status, 202);
  });

  it('takes the right-most untrusted X-Forwarded-For hop, so a spoofed left-hand value buys nothing', async () => {
    await awayFromMinuteBoundary();
    for (let i = 0; i < 5; i++) {
      const response = await api.post('/agent/contact', valid, from(`10.9.9.${i}, 203.0.113.50`));
      assert.equal(response.status, 202);
    }
    const spoofed = await api.post('/agent/contact', valid, from('1.2.3.4, 203.0.113.50'));
    assert.equal(spoofed.status, 429);
    const throughTwoProxies = await api.post('/agent/contact', valid, from('203.0.113.50, 127.0.0.1'));
    assert.equal(throughTwoProxies.status, 429, 'trusted hops are skipped');
  });
});

describe('rate limits without a trusted proxy', () => {
  let app: TestApp;
  let api: ApiClient;
  startRecordedApp({}, (started, client) => {
    app = started;
    api = client;
  });

  it('ignores X-Forwarded-For from an untrusted peer', async () => {
    await awayFromMinuteBoundary();
    for (let i = 0; i < 5; i++) {
      const response = await api.post('/agent/contact', valid, { 'x-forwarded-for': `198.51.100.${i}` });
      assert.equal(response.status, 202);
    }
    const spoofed = await api.post('/agent/contact', valid, {
      'x-forwarded-for': `198.51.100.99, ${'9.9.9.9,'.repeat(1000)}`,
    });
    assert.equal(spoofed.status, 429);
    assert.equal(await counter(app, 'contact-minute', '127.0.0.1'), 5);
  });

  it('shares the contact budget between REST, the HTML form and MCP send_enquiry', async () => {
    // Same client key the REST requests above used; the enquiry path is the one MCP calls.
    await assert.rejects(
      app.app.services.enquiries.submit({ input: valid, client: '127.0.0.1', channel: 'mcp', kind: 'enquiry' }),
      (error: { code?: string }) => error.code === 'rate_limited',
    );
    const form = await fetch(`${app.baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(valid).toString(),
    });
    assert.equal(form.status, 429);
  });
});
