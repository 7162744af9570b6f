import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { plainSite, type PlainSite } from '../../helpers/plain-site.ts';
import { awayFromMinuteBoundary } from '../../helpers/rate-windows.ts';

let ip = 0;
const form = (url: string, origin: string, extra: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  redirect: 'manual',
  body: new URLSearchParams({ url }).toString(),
  headers: {
    'content-type': 'application/x-www-form-urlencoded',
    origin,
    'x-forwarded-for': `203.0.113.${++ip}`,
    ...extra,
  },
});

describe('the audit pages for people', () => {
  let app: TestApp;
  let site: PlainSite;
  let reportPath = '';
  before(async () => {
    site = await plainSite();
    app = await startTestApp({ TRUST_PROXY: 'loopback', AUDIT_ALLOW_HOSTS: '127.0.0.1' });
  });
  after(async () => {
    await app.stop();
    await site.close();
  });
  const get = (path: string, accept = 'text/html'): Promise<Response> =>
    fetch(`${app.baseUrl}${path}`, { headers: { accept } });

  it('shows /audit as a form that posts to itself without a script, and its markdown twin', async () => {
    const page = await get('/audit');
    const html = await page.text();
    assert.equal(page.status, 200);
    assert.match(html, /<form class="enquiry" method="post" action="\/audit#errors"/);
    assert.match(html, /<input id="url" name="url" type="url"/);
    // A WebMCP declarative tool: a browser agent can fill it in; the person sends it.
    assert.match(
      html,
      /<form [^>]* toolname="audit_site" tooldescription="Audits how ready a public website is for AI agents, [^"]*; it opens the report [^"]*">/,
    );
    assert.match(html, /<input id="url"[^>]* toolparamdescription="The site to audit: [^"]+">/);
    assert.doesNotMatch(html, /<script(?![^>]*application\/ld\+json)/);
    assert.match(page.headers.get('link') ?? '', /\/markdown\/audit\.md>; rel="alternate"; type="text\/markdown"/);
    for (const twin of [await get('/audit', 'text/markdown'), await get('/markdown/audit.md')]) {
      assert.equal(twin.headers.get('content-type'), 'text/markdown; charset=utf-8');
      assert.match(await twin.text(), /^# Agent-readiness audit\n[\s\S]*POST .*\/agent\/audits/);
    }
  });

  it('audits a posted site and answers 303 to its report, kept as HTML and markdown', async () => {
    const posted = await fetch(`${app.baseUrl}/audit`, form(site.url, app.baseUrl));
    assert.equal(posted.status, 303);
    const location = posted.headers.get('location') ?? '';
    assert.match(location, /^\/audits\/[A-Za-z0-9_-]{22}#main$/);
    reportPath = location.replace(/#main$/, '');
    const page = await get(reportPath);
    const html = await page.text();
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('x-robots-tag'), 'noindex');
    assert.match(html, new RegExp(`<h1>${site.url}/</h1>`));
    assert.match(html, /Level 0 of 5 \(Not Ready\), score \d+ out of 100/);
    assert.match(
      html,
      /<li class="finding finding-fail"><h3><span class="status status-fail">Fail<\/span> Crawler rules \(robots\.txt\)<\/h3><span class="check-id">check <code>robots-txt<\/code>/,
    );
    const id = reportPath.slice('/audits/'.length);
    assert.ok(html.includes(`href="/contact?site=${encodeURIComponent(`${site.url}/`)}&amp;report=${id}#form"`));
    for (const twin of [await get(reportPath, 'text/markdown'), await get(`/markdown/audits/${id}.md`)]) {
      assert.equal(twin.status, 200);
      assert.match(
        await twin.text(),
        new RegExp(
          `^# Agent readiness of ${site.url}/[\\s\\S]*### Fail: Crawler rules \\(robots\\.txt\\) \\(\`robots-txt\`\\)[\\s\\S]*/contact\\?site=`,
        ),
      );
    }
  });

  it('opens the contact form from a report with the audited site and the report named, and ignores a query that is not a site', async () => {
    const id = reportPath.slice('/audits/'.length);
    const filled = await (await get(`/contact?site=${encodeURIComponent('https://example.com/')}&report=${id}`)).text();
    assert.match(
      filled,
      new RegExp(
        `<textarea [^>]*>We audited https://example.com/ for agent readiness \\(report: ${app.app.services.config.baseUrl}/audits/${id}\\) and would like help`,
      ),
    );
    for (const query of ['site=javascript%3Aalert(1)', 'site=%3Cb%3E', 'report=x']) {
      const plain = await (await get(`/contact?${query}`)).text();
      assert.match(plain, /<textarea [^>]*><\/textarea>/, query);
    }
  });

  it('answers a refused address with the form again, the address kept and the reason, and audits nothing', async () => {
    const before = site.connections;
    const answer = await fetch(`${app.baseUrl}/audit`, form('http://10.1.2.3/', app.baseUrl));
    const html = await answer.text();
    assert.equal(answer.status, 400);
    assert.match(html, /The address is not audited here: refused http:\/\/10\.1\.2\.3\/: private address\./);
    assert.match(html, /value="http:\/\/10\.1\.2\.3\/"/);
    assert.equal(site.connections, before);
  });

  it('refuses a post from another site with 403, auditing nothing', async () => {
    const before = site.connections;
    const answer = await fetch(`${app.baseUrl}/audit`, form(site.url, 'https://elsewhere.example'));
    assert.equal(answer.status, 403);
    assert.match(await answer.text(), /only be sent from our own audit page/);
    assert.equal(site.connections, before);
  });

  it('tells a visitor past the budget when to try again, with the RateLimit headers', async () => {
    // Its budget is a clock minute's: the minute must not turn between spending it and the refusal.
    await awayFromMinuteBoundary();
    const client = { 'x-forwarded-for': '203.0.113.250' };
    for (let i = 0; i < 3; i += 1)
      assert.equal((await fetch(`${app.baseUrl}/audit`, form(site.url, app.baseUrl, client))).status, 303);
    const answer = await fetch(`${app.baseUrl}/audit`, form(site.url, app.baseUrl, client));
    assert.equal(answer.status, 429);
    assert.ok(Number(answer.headers.get('retry-after')) >= 1);
    assert.match(answer.headers.get('ratelimit') ?? '', /"audit-minute";r=0;/);
    assert.match(
      await answer.text(),
      /You have run several audits in a short time\. Please try again in \d+ (second|minute)s?\./,
    );
  });

  it('answers an unknown id and an expired report with the 404 page', async () => {
    assert.equal((await get('/audits/AAAAAAAAAAAAAAAAAAAAAA')).status, 404);
    assert.equal((await get('/audits/not-an-id')).status, 404);
    assert.equal(
      (await get('/markdown/audits/AAAAAAAAAAAAAAAAAAAAAA.md')).headers.get('content-type'),
      'text/markdown; charset=utf-8',
    );
    const purged = await app.app.services.audits.purge(new Date(Date.now() + 31 * 86_400_000));
    assert.ok(purged >= 1);
    const gone = await get(reportPath);
    assert.equal(gone.status, 404);
    assert.match(await gone.text(), /Page not found/);
  });

  it('counts audits per caller family in agent insight, never the audited address', async () => {
    await app.app.services.insight.flush();
    const rows = await app.app.services.store.db.selectFrom('insight_visits').selectAll().execute();
    const audits = rows.filter((row) => row.item === '/audit' && row.status_class === '3xx');
    assert.equal(
      audits.reduce((sum, row) => sum + Number(row.count), 0),
      4,
    );
    assert.ok(rows.some((row) => row.item === '/audits/:id'));
    assert.ok(rows.some((row) => row.item === '/markdown/audits/:file'));
    const stored = JSON.stringify(rows);
    assert.ok(!stored.includes(String(site.port)) && !stored.includes(reportPath), stored);
  });
});
