// The form while the database is unreachable (PostgreSQL behind a TCP relay the test cuts): the post
// is answered 502 with the form, what was typed and an error summary, and the thank-you page of an
// enquiry recorded before still answers.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { freshPostgresUrl } from '../../helpers/postgres.ts';
import { proxyDatabase, type TcpProxy } from '../../helpers/tcp-proxy.ts';

const fields = {
  fromName: 'Ada Lovelace',
  fromEmail: 'ada@example.com',
  organization: 'Analytical Engines',
  topic: 'press',
  message: 'Typed during the outage, kept for the visitor.',
};

describe('the form while the database is unreachable', () => {
  let proxy: TcpProxy;
  let app: TestApp;
  before(async () => {
    const proxied = await proxyDatabase(await freshPostgresUrl());
    proxy = proxied.proxy;
    app = await startTestApp({ DATABASE_URL: proxied.url });
  });
  after(async () => {
    await proxy?.restore();
    await app?.stop();
    await proxy?.close();
  });
  const post = (): Promise<Response> =>
    fetch(`${app.baseUrl}/api/contact`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });

  it('answers 502 with the form, what was typed and an error summary, and leaks nothing', async () => {
    const accepted = await post();
    assert.equal(accepted.status, 303);
    const sent = accepted.headers.get('location') ?? '';
    await proxy.cut();
    const refused = await post();
    assert.equal(refused.status, 502);
    const html = await refused.text();
    assert.match(html, /id="errors" tabindex="-1"/);
    assert.match(html, /your enquiry was not recorded\. Please try again in a few minutes\./);
    assert.match(html, /value="Ada Lovelace"/);
    assert.match(html, /value="Analytical Engines"/);
    assert.match(html, /<option value="press" selected>/);
    assert.match(html, /<textarea [^>]*>Typed during the outage, kept for the visitor\.<\/textarea>/);
    assert.doesNotMatch(html, /postgres|127\.0\.0\.1|ECONN|5432/i);
    const page = await fetch(new URL(sent, app.baseUrl));
    assert.equal(page.status, 200, 'a reference from our own redirect is still shown');
    await page.text();
  });
});
