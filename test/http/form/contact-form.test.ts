// The no-JavaScript contact form over real HTTP: post/redirect/get with the reference on a GET-able
// page, one enquiry per form however often it is sent, the same-origin check, and pages for people.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generalPolicy } from '../../../src/domain/rate-limit/rate-limit.ts';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { awayFromMinuteBoundary } from '../../helpers/rate-windows.ts';

const valid = {
  fromName: 'Ada Lovelace',
  fromEmail: 'ada@example.com',
  organization: '',
  topic: 'services',
  message: 'We would like to talk about pipeline.',
};
const site = 'https://www.verto.example';

describe('POST /api/contact (the no-JavaScript form)', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({
      BASE_URL: site,
      TRUST_PROXY: 'loopback',
      SMTP_URL: 'smtp://127.0.0.1:9',
      NOTIFY_EMAIL_TO: 'team@verto.example',
      NOTIFY_EMAIL_FROM: 'site@verto.example',
    });
  });
  after(() => app.stop());
  let ip = 0;
  const nextClient = (): string => `198.51.100.${++ip}`;
  const post = (fields: Record<string, string> | string, headers: Record<string, string> = {}): Promise<Response> =>
    fetch(`${app.baseUrl}/api/contact`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: site,
        'x-forwarded-for': nextClient(),
        ...headers,
      },
      body: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
    });
  const db = () => app.app.services.store.db;
  const enquiriesFrom = async (email: string): Promise<string[]> =>
    (await db().selectFrom('enquiries').select('reference').where('from_email', '=', email).execute()).map(
      (row) => row.reference,
    );

  it('answers an accepted post with 303 to a thank-you page that shows the reference and nothing personal', async () => {
    const response = await post({ ...valid, fromEmail: 'prg@example.com' });
    assert.equal(response.status, 303);
    const location = response.headers.get('location') ?? '';
    const reference = /^\/contact\/sent\?ref=(enq_[0-9a-f]{16})#thanks$/.exec(location)?.[1];
    assert.ok(reference, location);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    const row = await db()
      .selectFrom('enquiries')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    assert.deepEqual([row.channel, row.topic, row.organization], ['form', 'services', null]);
    const deliveries = await db()
      .selectFrom('deliveries')
      .select('target')
      .where('enquiry_reference', '=', reference)
      .execute();
    assert.deepEqual(
      deliveries.map((d) => d.target),
      ['email'],
    );

    for (let i = 0; i < 2; i++) {
      const page = await fetch(new URL(location, app.baseUrl));
      assert.equal(page.status, 200, 'the page can be reloaded');
      assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
      assert.equal(page.headers.get('cache-control'), 'no-store');
      const html = await page.text();
      assert.match(html, new RegExp(`Your reference is <strong>${reference}</strong>`));
      assert.match(html, /<h1 id="thanks" tabindex="-1">/);
      assert.doesNotMatch(html, /Ada Lovelace|prg@example\.com/);
    }
    assert.deepEqual(await enquiriesFrom('prg@example.com'), [reference], 'reloading the page sends nothing');
    const markdown = await fetch(new URL(location, app.baseUrl), { headers: { accept: 'text/markdown' } });
    assert.match(await markdown.text(), new RegExp(`reference is ${reference}`));
  });

  it('answers 404 on the thank-you page for a reference that was never recorded', async () => {
    for (const query of ['?ref=enq_0000000000000000', '?ref=nonsense', '', '?ref=a&ref=b']) {
      const page = await fetch(`${app.baseUrl}/contact/sent${query}`);
      assert.equal(page.status, 404, query);
      assert.doesNotMatch(await page.text(), /we have your enquiry/i);
    }
  });

  it('creates one enquiry when the same form is sent again (a reload of the post, the back button)', async () => {
    const client = nextClient();
    const fields = { ...valid, fromEmail: 'again@example.com' };
    const first = await post(fields, { 'x-forwarded-for': client });
    const second = await post(fields, { 'x-forwarded-for': client });
    assert.equal(first.status, 303);
    assert.equal(second.status, 303);
    assert.equal(second.headers.get('location'), first.headers.get('location'));
    assert.equal((await enquiriesFrom('again@example.com')).length, 1);
    const contactMinute = await app.app.services.rateLimiter.peek(
      { name: 'contact', windows: [{ name: 'contact-minute', limit: 5, seconds: 60 }] },
      client,
    );
    assert.equal(contactMinute.windows[0]?.remaining, 4, 'the repeat spends no contact quota');
  });

  it('creates one enquiry from a double click (the same form posted several times at once)', async () => {
    const client = nextClient();
    const fields = { ...valid, fromEmail: 'double@example.com' };
    const answers = await Promise.all(Array.from({ length: 4 }, () => post(fields, { 'x-forwarded-for': client })));
    assert.deepEqual(
      answers.map((a) => a.status),
      [303, 303, 303, 303],
    );
    assert.equal(new Set(answers.map((a) => a.headers.get('location'))).size, 1);
    assert.equal((await enquiriesFrom('double@example.com')).length, 1);
  });

  it('treats an edited form as a new enquiry', async () => {
    const client = nextClient();
    const first = await post({ ...valid, fromEmail: 'edited@example.com' }, { 'x-forwarded-for': client });
    const edited = await post(
      { ...valid, fromEmail: 'edited@example.com', message: `${valid.message} And one more thing.` },
      { 'x-forwarded-for': client },
    );
    assert.notEqual(edited.headers.get('location'), first.headers.get('location'));
    assert.equal((await enquiriesFrom('edited@example.com')).length, 2);
  });

  it('shows the form when its address is opened, never JSON', async () => {
    for (const method of ['GET', 'HEAD']) {
      const response = await fetch(`${app.baseUrl}/api/contact`, { method, redirect: 'manual' });
      assert.equal(response.status, 303, method);
      assert.equal(response.headers.get('location'), '/contact#form');
    }
    const followed = await fetch(`${app.baseUrl}/api/contact`);
    assert.match(followed.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(await followed.text(), /<form class="enquiry"/);
    const put = await fetch(`${app.baseUrl}/api/contact`, { method: 'PUT' });
    assert.equal(put.status, 405);
    assert.equal(put.headers.get('allow'), 'GET, HEAD, POST');
    const other = await fetch(`${app.baseUrl}/api/nothing`);
    assert.equal(other.status, 404);
    assert.equal(((await other.json()) as { status: string }).status, 'not_found');
  });

  it("refuses a post another site makes a visitor's browser send, and records nothing", async () => {
    const forged: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'https://www.verto.example.evil.example' },
      { origin: 'http://www.verto.example' },
      { origin: '', referer: 'https://evil.example/page' },
      { origin: '', referer: 'not a url' },
      { origin: site, 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of forged) {
      const sent: Record<string, string> = { ...headers };
      if (sent.origin === '') delete sent.origin;
      const response = await fetch(`${app.baseUrl}/api/contact`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextClient(), ...sent },
        body: new URLSearchParams({ ...valid, fromEmail: 'forged@example.com' }).toString(),
      });
      assert.equal(response.status, 403, JSON.stringify(headers));
      assert.match(await response.text(), /can only be sent from our own <a href="\/contact">contact page<\/a>/);
    }
    assert.deepEqual(await enquiriesFrom('forged@example.com'), []);
  });

  it('accepts a post from the site itself, a loopback page, or a client that names no page', async () => {
    const own: Record<string, string>[] = [
      { origin: site },
      { origin: app.baseUrl },
      { origin: '', referer: `${site}/contact` },
      { origin: '' },
    ];
    for (const [i, headers] of own.entries()) {
      const sent: Record<string, string> = { ...headers };
      if (sent.origin === '') delete sent.origin;
      const response = await fetch(`${app.baseUrl}/api/contact`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextClient(), ...sent },
        body: new URLSearchParams({ ...valid, fromEmail: `own${i}@example.com` }).toString(),
      });
      assert.equal(response.status, 303, JSON.stringify(headers));
    }
  });

  it('answers invalid input with the form, what was typed, and an error summary that links to each field', async () => {
    const response = await post({
      ...valid,
      fromName: '\u200b',
      fromEmail: 'not-an-email',
      organization: 'Line\r\nbreak',
      message: 'short',
    });
    assert.equal(response.status, 400);
    const html = await response.text();
    assert.match(html, /<title>Error: /);
    const summary =
      /<div class="[^"]*error-summary" id="errors" tabindex="-1"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
    assert.ok(html.indexOf('id="errors"') < html.indexOf('<form'), 'the summary comes before the form');
    for (const field of ['fromName', 'fromEmail', 'organization', 'message']) {
      assert.match(summary, new RegExp(`<a href="#${field}">`), field);
      assert.match(
        html,
        new RegExp(`id="${field}" name="${field}" aria-invalid="true" aria-describedby="[^"]*${field}-error`),
        field,
      );
    }
    assert.match(summary, /Your name must contain visible characters\./);
    assert.match(summary, /Work e-mail must be an e-mail address\./);
    assert.match(summary, /Company must be a single line, without line breaks\./);
    assert.match(summary, /Message must be at least 10 characters long\./);
    assert.match(html, /value="Ada Lovelace"|value="\u200b"/);
    assert.match(html, /<form class="enquiry" method="post" action="\/api\/contact#errors"/);
    assert.match(html, /<textarea [^>]*>short<\/textarea>/);
  });

  it('writes each message for people: no "1 characters", no "(s)"', async () => {
    const response = await post({ ...valid, fromName: ' ' });
    const html = await response.text();
    assert.match(html, /Your name must not be empty\./);
    assert.doesNotMatch(html, /\b1 characters|\(s\)|after trimming/);
  });

  it('escapes what the visitor typed', async () => {
    const response = await post({ ...valid, fromName: '<script>alert(1)</script>', fromEmail: 'bad' });
    const html = await response.text();
    assert.doesNotMatch(html, /<script>alert/);
    assert.match(html, /value="&lt;script&gt;alert\(1\)&lt;\/script&gt;"/);
  });

  it('refuses bytes that are not UTF-8 with a field error instead of storing U+FFFD', async () => {
    const body = `${new URLSearchParams({ ...valid, fromEmail: 'bytes@example.com', fromName: '' }).toString()}&fromName=Ad%ED%A0%80a`;
    const response = await post(body.replace('fromName=&', ''));
    assert.equal(response.status, 400);
    const html = await response.text();
    assert.match(html, /<a href="#fromName">Your name is not valid UTF-8 text\.<\/a>/);
    assert.match(html, /value="ada@example.com"|value="bytes@example.com"/, 'the fields that did decode are kept');
    assert.deepEqual(await enquiriesFrom('bytes@example.com'), []);
  });

  it('keeps what was typed on a 429 and says how long to wait in words', async () => {
    const client = '203.0.113.77';
    for (let i = 0; i < 5; i++)
      assert.equal(
        (await post({ ...valid, message: `${valid.message} (${i})` }, { 'x-forwarded-for': client })).status,
        303,
      );
    const refused = await post(
      { ...valid, message: 'A sixth message, kept for the visitor.' },
      { 'x-forwarded-for': client },
    );
    assert.equal(refused.status, 429);
    const wait = Number(refused.headers.get('retry-after'));
    assert.ok(wait >= 1 && wait <= 60);
    const html = await refused.text();
    assert.match(html, /Too many enquiries/);
    assert.match(html, /try again in (\d+ seconds?|1 minute)\b/);
    assert.match(html, /<textarea [^>]*>A sixth message, kept for the visitor\.<\/textarea>/);
    assert.match(html, /id="errors" tabindex="-1"/);
  });

  it('charges invalid posts to the shared 300/min budget, so a flood of them is refused', async () => {
    const client = '203.0.113.88';
    // The budget is a minute's: a minute turning between the spending and the posts would reset it.
    await awayFromMinuteBoundary();
    for (let i = 0; i < generalPolicy.windows[0]!.limit - 1; i++)
      await app.app.services.rateLimiter.take(generalPolicy, client);
    const last = await post({ ...valid, message: 'short' }, { 'x-forwarded-for': client });
    assert.equal(last.status, 400);
    const refused = await post({ ...valid, message: 'short' }, { 'x-forwarded-for': client });
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    assert.match(await refused.text(), /Too many enquiries/);
  });

  it('answers an oversized form with a 413 page that says the limit', async () => {
    const big = await post({ ...valid, message: 'x'.repeat(20_000) });
    assert.equal(big.status, 413);
    assert.match(big.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(await big.text(), /larger than the 16 KiB we accept/);
  });
});
