import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../../helpers/app.ts';

const valid = { fromName: 'Ada Lovelace', fromEmail: 'ada@example.com', organization: '', topic: 'services', message: 'We would like to talk about pipeline.' };

describe('POST /api/contact (the no-JavaScript form)', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ TRUST_PROXY: 'loopback', SMTP_URL: 'smtp://127.0.0.1:9', NOTIFY_EMAIL_TO: 'team@verto.example', NOTIFY_EMAIL_FROM: 'site@verto.example' });
  });
  after(() => app.stop());
  let ip = 0;
  const post = (fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> =>
    fetch(`${app.baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `198.51.100.${++ip}`, ...headers },
      body: new URLSearchParams(fields).toString(),
    });

  it('records the enquiry through the shared path and answers with a thank-you page', async () => {
    const response = await post(valid);
    assert.equal(response.status, 202);
    assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
    const html = await response.text();
    const reference = /enq_[0-9a-f]{16}/.exec(html)?.[0];
    assert.ok(reference, 'the page shows the reference');
    const row = await app.app.services.store.db.selectFrom('enquiries').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
    assert.equal(row.channel, 'form');
    assert.equal(row.topic, 'services');
    assert.equal(row.organization, null, 'an empty optional input means not given');
    const deliveries = await app.app.services.store.db.selectFrom('deliveries').select('target').where('enquiry_reference', '=', reference).execute();
    assert.deepEqual(deliveries.map((d) => d.target), ['email']);
    assert.match(response.headers.get('ratelimit-policy') ?? '', /contact-minute/);
  });

  it('answers invalid input with the form again, each error next to its field, values kept', async () => {
    const response = await post({ ...valid, fromEmail: 'not-an-email', message: 'short' });
    assert.equal(response.status, 400);
    const html = await response.text();
    assert.match(html, /id="fromEmail-error"/);
    assert.match(html, /id="message-error"/);
    assert.match(html, /value="Ada Lovelace"/);
    assert.match(html, /aria-invalid="true"/);
  });

  it('escapes what the visitor typed', async () => {
    const response = await post({ ...valid, fromName: '<script>alert(1)</script>', fromEmail: 'bad' });
    const html = await response.text();
    assert.doesNotMatch(html, /<script>alert/);
  });

  it('shares the 5-per-minute contact budget and answers the sixth with a 429 page', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    for (let i = 0; i < 5; i++) assert.equal((await post(valid, headers)).status, 202);
    const refused = await post(valid, headers);
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    assert.match(await refused.text(), /Too many enquiries/);
  });

  it('answers an oversized form with a 413 page and other methods with JSON 405', async () => {
    const big = await post({ ...valid, message: 'x'.repeat(20_000) });
    assert.equal(big.status, 413);
    assert.match(big.headers.get('content-type') ?? '', /^text\/html/);
    const get = await fetch(`${app.baseUrl}/api/contact`);
    assert.equal(get.status, 405);
    assert.equal(get.headers.get('allow'), 'POST');
    assert.equal(((await get.json()) as { status: string }).status, 'method_not_allowed');
    const other = await fetch(`${app.baseUrl}/api/nothing`);
    assert.equal(other.status, 404);
    assert.equal(((await other.json()) as { status: string }).status, 'not_found');
  });
});
