// What the import never takes as content: a legal or utility page (Impressum, Datenschutz, a
// "Service Agreement" under the services, careers) as a service or case study, and the text of a
// chat widget, a cookie banner or a dialog as the page's text or the agency's value proposition.
// The pages are shaped like a German consultancy's: a WordPress theme's markup, a chat launcher
// and a consent banner at the end of the body, no <main>.
import { strict as assert } from 'node:assert';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { loadContent } from '../../src/domain/content/loader.ts';
import { answer, runImport, startSite } from './static-site.ts';

const parent = await mkdtemp(path.join(os.tmpdir(), 'agentsite-import-not-content-'));
after(() => rm(parent, { recursive: true, force: true }));

const overlays = `
<div id="cmplz-cookiebanner-container"><div class="cmplz-cookiebanner banner-1" role="dialog" aria-live="polite">
  <div class="cmplz-message">Wir verwenden Cookies, um unsere Website und unseren Service zu optimieren.</div>
  <button class="cmplz-accept">Akzeptieren</button></div></div>
<div id="leada-chat-widget" class="chat-launcher"><div class="chat-bubble">Hi, ich bin Leada 👋 Wie kann ich Ihnen heute helfen?</div></div>
<dialog id="newsletter"><p>Abonnieren Sie unseren Newsletter für Führungsimpulse.</p></dialog>`;

const page = (title: string, body: string, head = ''): string =>
  `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${title} – Kessler Leadership</title>${head}</head>
<body class="page-template-default cookies-not-set"><header class="site-header"><nav><ul>
<li><a href="/">Start</a></li><li><a href="/leistungen/">Leistungen</a></li><li><a href="/projekte/">Projekte</a></li><li><a href="/kontakt/">Kontakt</a></li>
</ul></nav></header>
<div id="content" class="site-content"><div class="entry-content"><h1>${title}</h1>${body}</div></div>
<footer class="site-footer"><a href="/impressum/">Impressum</a> <a href="/datenschutz/">Datenschutz</a> <a href="/leistungen/service-agreement/">Service Agreement</a> <a href="/karriere/">Karriere</a></footer>
${overlays}</body></html>`;

const prose = (topic: string): string =>
  `<p>${topic} begleiten wir Geschäftsführungen und Bereichsleitungen im Mittelstand über sechs bis zwölf Monate, mit Interviews, Workshops und Einzelcoaching vor Ort.</p><p>Am Ende steht ein Führungsteam, das Entscheidungen gemeinsam trägt und schneller umsetzt.</p>`;

describe('agentsite import of pages that are not content', () => {
  it('takes no legal or utility page as a service or case study, and no widget text as content', async () => {
    const site = await startSite(undefined, {
      '/': answer(
        page(
          'Führung, die trägt',
          `${prose('Seit 2009')}<p><a href="/leistungen/">Unsere Leistungen</a> <a href="/projekte/">Projekte</a></p>`,
        ),
      ),
      '/leistungen/': answer(
        page(
          'Leistungen',
          '<ul><li><a href="/leistungen/fuehrungskraefte-coaching/">Führungskräfte-Coaching</a></li><li><a href="/leistungen/teamentwicklung/">Teamentwicklung</a></li></ul>',
        ),
      ),
      '/leistungen/fuehrungskraefte-coaching/': answer(page('Führungskräfte-Coaching', prose('Im Coaching'))),
      '/leistungen/teamentwicklung/': answer(page('Teamentwicklung', prose('In der Teamentwicklung'))),
      '/leistungen/service-agreement/': answer(
        page('Service Agreement', '<p>§ 1 Geltungsbereich. Diese Vereinbarung gilt für alle Beratungsleistungen.</p>'),
      ),
      '/projekte/': answer(page('Projekte', '<p><a href="/projekte/stadtwerke-nord/">Stadtwerke Nord</a></p>')),
      '/projekte/stadtwerke-nord/': answer(page('Stadtwerke Nord', prose('Für die Stadtwerke Nord'))),
      '/projekte/datenschutz-hinweise/': answer(
        page('Datenschutzhinweise zu Projekten', '<p>Wir speichern Projektdaten zehn Jahre.</p>'),
      ),
      '/impressum/': answer(page('Impressum', '<p>Kessler Leadership GmbH, Hafenstraße 4, 20457 Hamburg</p>')),
      '/datenschutz/': answer(page('Datenschutzerklärung', '<p>Verantwortlich ist die Kessler Leadership GmbH.</p>')),
      '/karriere/': answer(page('Karriere', '<p>Wir suchen Beraterinnen und Berater für Hamburg.</p>')),
      '/kontakt/': answer(
        page('Kontakt', '<p>Schreiben Sie uns: <a href="mailto:hallo@kessler.example">hallo@kessler.example</a></p>'),
      ),
    });
    site.routes.set(
      '/sitemap.xml',
      answer(
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${site.url}projekte/datenschutz-hinweise/</loc></url></urlset>`,
        'application/xml',
      ),
    );
    const out = path.join(parent, 'kessler');
    try {
      const result = await runImport([site.url, '--out', out]);
      assert.equal(result.code, 0, result.out);
      const content = await loadContent(out);
      assert.deepEqual(content.services.map((s) => s.slug).sort(), ['fuehrungskraefte-coaching', 'teamentwicklung']);
      assert.deepEqual(
        content.caseStudies.map((cs) => cs.slug),
        ['stadtwerke-nord'],
      );
      // The legal pages are still imported, as pages.
      const titles = content.pages.map((p) => p.title);
      for (const title of [
        'Service Agreement',
        'Impressum',
        'Datenschutzerklärung',
        'Karriere',
        'Datenschutzhinweise zu Projekten',
      ])
        assert.ok(
          titles.some((t) => t.startsWith(title)),
          `${title} in ${titles.join(', ')}`,
        );
      const everything = [
        await readFile(path.join(out, 'site.yaml'), 'utf8'),
        ...content.pages.map((p) => `${p.description}\n${p.body}`),
      ].join('\n');
      assert.doesNotMatch(everything, /Leada|Wir verwenden Cookies|Akzeptieren|Newsletter/);
      assert.match(content.pageByPath('/')!.body, /begleiten wir Geschäftsführungen/);
    } finally {
      await site.close();
    }
  });
});
