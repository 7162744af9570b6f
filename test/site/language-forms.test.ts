// The German studio's forms answer in German: the contact form's error page and its thank-you page,
// and the agent-readiness audit's page with its problems (the whole service, driven over HTTP).
import { strict as assert } from 'node:assert';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { englishOn } from '../helpers/english-words.ts';

const fixture = path.resolve(import.meta.dirname, '../fixtures/berlin-studio');
const site = 'https://www.brueckner-hale.example';

let app: TestApp;
before(async () => {
  app = await startTestApp({ CONTENT_DIR: fixture, BASE_URL: site, TRUST_PROXY: 'loopback' });
});
after(() => app.stop());

let client = 0;
const post = (url: string, fields: Record<string, string>): Promise<Response> =>
  fetch(`${app.baseUrl}${url}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: site,
      'x-forwarded-for': `198.51.100.${++client}`,
    },
    body: new URLSearchParams(fields).toString(),
  });

describe("a German studio's forms", () => {
  it('names what is wrong with an enquiry in German', async () => {
    const response = await post('/api/contact', {
      fromName: '',
      fromEmail: 'kein-at',
      topic: 'general',
      message: 'kurz',
    });
    assert.equal(response.status, 400);
    const page = await response.text();
    assert.match(page, /<html lang="de">/);
    assert.match(page, /<h2 id="errors-title">Da stimmt etwas nicht<\/h2>/);
    assert.match(page, /Ihr Name darf nicht leer sein\./);
    assert.match(page, /Geschäftliche E-Mail muss eine E-Mail-Adresse sein\./);
    assert.match(page, /Nachricht braucht mindestens 10 Zeichen\./);
    assert.deepEqual(englishOn(page), []);
  });

  it('accepts an address with an internationalised domain and thanks in German', async () => {
    const response = await post('/api/contact', {
      fromName: 'Jörg Müller',
      fromEmail: 'joerg@müller-werke.de',
      topic: 'general',
      message: 'Wir planen einen Messestand für die Hannover Messe.',
    });
    assert.equal(response.status, 303);
    const thanks = await fetch(`${app.baseUrl}${response.headers.get('location')}`);
    const page = await thanks.text();
    assert.match(page, /<h1 id="thanks" tabindex="-1">Danke, wir haben Ihre Anfrage<\/h1>/);
    assert.match(page, /Ihre Referenznummer ist <strong>enq_[0-9a-f]{16}<\/strong>\. Wir antworten/);
    assert.deepEqual(englishOn(page), []);
  });

  it('shows the audit page and its problems in German', async () => {
    const form = await (await fetch(`${app.baseUrl}/audit`)).text();
    assert.match(form, /<h1>Wie bereit ist Ihre Website für KI-Agenten\?<\/h1>/);
    assert.match(form, /3 pro Minute und 20 pro Tag je Besucher/);
    assert.deepEqual(englishOn(form), []);
    const refused = await post('/audit', {});
    const page = await refused.text();
    assert.match(page, /<a href="#url">Die Adresse fehlt\.<\/a>/);
    assert.deepEqual(englishOn(page), []);
  });
});
