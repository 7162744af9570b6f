// The site checks (robots.txt, crawler access, sitemap, home page headers and markdown, canonical,
// extractability) run in German against a local site: their findings and fixes read German, with
// counts in German plurals and the site's own values (names, statuses) placed unchanged.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { canonical } from '../../../src/audit/checks/canonical.ts';
import { crawlerAccessCheck } from '../../../src/audit/checks/crawler-access.ts';
import { extractability } from '../../../src/audit/checks/extractability.ts';
import { linkHeaders, markdownNegotiation } from '../../../src/audit/checks/home.ts';
import { contentSignals, robotsAiRules, robotsTxt } from '../../../src/audit/checks/robots.ts';
import { sitemap } from '../../../src/audit/checks/sitemap.ts';
import type { AuditContext } from '../../../src/audit/context.ts';
import type { CheckResult } from '../../../src/audit/report.ts';
import { loopbackAllowed } from '../../domain/audit/audit-helpers.ts';
import { documentSite, htmlDoc, type Doc, type DocumentSite } from '../document-site.ts';
import { runCheck } from '../run-check.ts';

let site: DocumentSite;
before(async () => {
  site = await documentSite();
});
after(async () => site?.close());

const robotsDoc = (body: string): Doc => ({ type: 'text/plain', body });
const page = (head: string, body = '<h1>Studio</h1><p>Willkommen</p>'): Doc =>
  htmlDoc(`<!doctype html><html lang="de"><head><title>Studio</title>${head}</head><body>${body}</body></html>`);

async function inGerman(
  check: (ctx: AuditContext) => Promise<CheckResult>,
  docs: Record<string, Doc>,
  language = 'de',
): Promise<CheckResult> {
  site.docs = docs;
  return runCheck(check, `${site.url}/`, loopbackAllowed, language);
}

describe('the site checks in German', () => {
  it('words the robots.txt checks in German, counts in German plurals', async () => {
    const twoGroups = {
      '/': page(''),
      '/robots.txt': robotsDoc('User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n'),
    };
    assert.equal((await inGerman(robotsTxt, twoGroups)).message, 'robots.txt hat 2 User-agent-Zeilen');
    assert.equal((await inGerman(robotsAiRules, twoGroups)).message, 'robots.txt hat Regeln für 1 KI-Crawler');
    const missing = await inGerman(robotsTxt, { '/': page('') });
    assert.equal(missing.message, 'robots.txt antwortet mit 404');
    assert.match(missing.fix ?? '', /^Liefern Sie \/robots\.txt als text\/plain/);
    const signals = await inGerman(contentSignals, twoGroups);
    assert.equal(
      signals.message,
      'kein Content-Signal oder Content-Usage in robots.txt oder in den Headern der Startseite',
    );
    assert.match(signals.fix ?? '', /„Content-Signal: search=yes, ai-input=yes, ai-train=no“/);
  });

  it('names each group of crawlers in German, and the crawlers by their own names', async () => {
    const check = await inGerman(crawlerAccessCheck, {
      '/': page(''),
      '/robots.txt': robotsDoc('User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n'),
    });
    assert.equal(check.status, 'pass', check.message);
    assert.equal(
      check.message,
      'Agenten im Auftrag eines Nutzers: dürfen lesen; KI-Suchcrawler: dürfen lesen; KI-Trainingscrawler: GPTBot, CCBot ausgesperrt',
    );
    assert.equal(check.evidence.value, 'ausgesperrt: GPTBot, CCBot');
    const everyone = await inGerman(crawlerAccessCheck, {
      '/': page(''),
      '/robots.txt': robotsDoc('User-agent: *\nDisallow: /\n'),
    });
    assert.match(
      everyone.message,
      /^alle KI-Agenten sind ausgesperrt: Agenten im Auftrag eines Nutzers: ausgesperrt \(/,
    );
  });

  it('words the sitemap and the home page checks in German', async () => {
    const urlset =
      '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://studio.example/</loc></url></urlset>';
    const named = await inGerman(sitemap, {
      '/robots.txt': robotsDoc('User-agent: *\nAllow: /\nSitemap: /karte.xml\n'),
      '/karte.xml': { type: 'application/xml', body: urlset },
    });
    assert.equal(named.message, 'Sitemap mit 1 Adresse, in robots.txt genannt');
    assert.equal((await inGerman(sitemap, {})).message, '/sitemap.xml antwortet mit 404');
    assert.equal((await inGerman(linkHeaders, { '/': page('') })).message, 'die Startseite sendet keinen Link-Header');
    const markdown = await inGerman(markdownNegotiation, { '/': page('') });
    assert.equal(markdown.message, 'auf Accept: text/markdown kommt text/html');
    assert.match(markdown.fix ?? '', /^Beantworten Sie Accept: text\/markdown/);
  });

  it('says where a noindex was found, in German, and reads a regional tag as its language', async () => {
    const meta = await inGerman(canonical, { '/': page('<meta name="robots" content="noindex">') }, 'de-AT');
    assert.equal(meta.message, 'die Startseite ist in ihrem Meta-Tag robots als noindex markiert');
    const scoped = await inGerman(canonical, {
      '/': { ...page(`<link rel="canonical" href="${site.url}/">`), headers: { 'x-robots-tag': 'gptbot: noindex' } },
    });
    assert.equal(scoped.message, 'die Startseite ist in ihrem X-Robots-Tag-Header für gptbot als noindex markiert');
    assert.equal(
      (await inGerman(canonical, { '/': page('') })).message,
      'die Startseite nennt keine kanonische Adresse',
    );
  });

  it('counts the words an agent reads without script in German', async () => {
    const check = await inGerman(extractability, { '/': page('', '<h1>Studio</h1>') });
    assert.equal(check.status, 'fail');
    assert.equal(check.message, '/ zeigt ohne JavaScript 1 Wort, zu wenig, als dass ein Agent etwas lesen könnte');
    assert.match(check.fix ?? '', /^Rendern Sie den Hauptinhalt/);
  });

  it('keeps the English findings as they were', async () => {
    const check = await inGerman(canonical, { '/': page('<meta name="robots" content="noindex">') }, 'en');
    assert.equal(check.message, 'the home page is marked noindex in its robots meta tag');
  });
});
