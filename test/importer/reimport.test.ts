// An agency site with JSON-LD, mailto:/tel: links and sections named for services and work: what is
// recognised, and what a second import does after the origin changed one page and the operator
// edited one file (the page is updated, the edited file kept and listed).
import { strict as assert } from 'node:assert';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { loadContent } from '../../src/domain/content/loader.ts';
import { answer, runImport, startSite } from './static-site.ts';

const parent = await mkdtemp(path.join(os.tmpdir(), 'agentsite-import-again-'));
after(() => rm(parent, { recursive: true, force: true }));

const organisation = JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'ProfessionalService',
  name: 'Lindqvist & Partner',
  logo: '/logo.png',
  email: 'mailto:hallo@lindqvist.example',
  telephone: '+49 40 1234567',
  address: { streetAddress: 'Hafenstraße 1', addressLocality: 'Hamburg', postalCode: '20457', addressCountry: 'DE' },
  sameAs: ['https://www.linkedin.com/company/lindqvist'],
});

const nav =
  '<nav><a href="/">Start</a><a href="/leistungen">Leistungen</a><a href="/referenzen">Referenzen</a><a href="/ueber-uns">Über uns</a><a href="/kontakt">Kontakt</a></nav>';
const layout = (title: string, main: string, head = ''): string =>
  `<!doctype html><html lang="de"><head><title>${title} – Lindqvist & Partner</title>${head}</head><body><header>${nav}</header><main>${main}</main><footer><a href="mailto:footer@lindqvist.example">footer@lindqvist.example</a></footer></body></html>`;

function agencySite(seoText: string): Record<string, string> {
  return {
    '/': layout(
      'Start',
      '<h1>B2B-Marketing aus Hamburg</h1><p>Wir machen Software-Anbieter im Mittelstand sichtbar, mit Inhalten, die Einkäufer wirklich lesen.</p>',
      `<script type="application/ld+json">${organisation}</script>`,
    ),
    '/leistungen': layout(
      'Leistungen',
      '<h1>Leistungen</h1><p>Was wir für Software-Anbieter tun, in drei Leistungen.</p><a href="/leistungen/seo">SEO</a><a href="/leistungen/content">Content</a>',
    ),
    '/leistungen/seo': layout('SEO', `<h1>SEO für Software-Anbieter</h1><p>${seoText}</p>`),
    '/leistungen/content': layout(
      'Content',
      '<h1>Content-Marketing</h1><p>Fachartikel, Whitepaper und Fallstudien, geschrieben von Leuten, die Software verstehen.</p>',
    ),
    '/referenzen': layout(
      'Referenzen',
      '<h1>Referenzen</h1><p>Eine Auswahl unserer Projekte der letzten Jahre.</p><a href="/referenzen/nordlicht-erp">Nordlicht ERP</a>',
    ),
    '/referenzen/nordlicht-erp': layout(
      'Nordlicht ERP',
      '<h1>Nordlicht ERP</h1><p>Für Nordlicht ERP haben wir die Website neu aufgebaut und die Zahl der Demo-Anfragen in einem Jahr verdreifacht.</p>',
      '<meta property="article:published_time" content="2025-03-14T09:00:00Z">',
    ),
    '/ueber-uns': layout(
      'Über uns',
      '<h1>Über uns</h1><p>Zwölf Leute in Hamburg, seit 2011 im B2B-Marketing für Software-Anbieter.</p>',
    ),
    '/kontakt': layout(
      'Kontakt',
      '<h1>Kontakt</h1><p>Schreiben Sie uns an <a href="mailto:hallo@lindqvist.example">hallo@lindqvist.example</a> oder rufen Sie an: <a href="tel:+49401234567">040 1234567</a>.</p>',
    ),
  };
}

describe('agentsite import of an agency site, twice', () => {
  it('recognises the agency, its services and case studies, then updates what changed and keeps what the operator edited', async () => {
    const pages = agencySite('Wir bringen Ihre Software bei Google und in KI-Antworten nach vorn, ohne Tricks.');
    const site = await startSite(
      undefined,
      Object.fromEntries(Object.entries(pages).map(([p, html]) => [p, answer(html)])),
    );
    const out = path.join(parent, 'lindqvist');
    try {
      const first = await runImport([site.url, '--out', out]);
      assert.equal(first.code, 0, first.out);
      assert.match(first.out, /name: Lindqvist & Partner \(from JSON-LD ProfessionalService on \/\)/);
      assert.match(first.out, /e-mail: hallo@lindqvist\.example \(from JSON-LD ProfessionalService on \/\)/);
      assert.match(first.out, /telephone: \+49 40 1234567/);
      assert.match(first.out, /logo: http:\/\/127\.0\.0\.1:\d+\/logo\.png/);
      assert.match(first.out, /2 services, 1 case studies, 5 other pages/);
      assert.match(
        first.out,
        /site\.yaml logo: found at http:\/\/127\.0\.0\.1:\d+\/logo\.png; the format takes an SVG file/,
      );
      assert.match(first.out, /\/leistungen\/seo → pages\/services\/seo\.md/);
      assert.match(first.out, /\/referenzen\/nordlicht-erp → case-studies\/nordlicht-erp\.md/);
      assert.match(first.out, /\/ueber-uns → pages\/about\.md/);
      let content = await loadContent(out);
      assert.equal(content.site.brandName, 'Lindqvist & Partner');
      assert.equal(content.site.toolPrefix, 'lindqvistpartner');
      assert.deepEqual(content.contact.address, {
        street: 'Hafenstraße 1',
        city: 'Hamburg',
        postcode: '20457',
        country: 'DE',
      });
      // Each page's own <title>, without the brand after its dash.
      assert.deepEqual(
        content.services.map((s) => [s.slug, s.name]),
        [
          ['content', 'Content'],
          ['seo', 'SEO'],
        ],
      );
      assert.equal(content.pageBySlug('services/seo')?.path, '/leistungen/seo');
      assert.equal(content.pageBySlug('about')?.path, '/ueber-uns');
      assert.equal(content.caseStudyBySlug('nordlicht-erp')?.publishedAt, '2025-03-14');
      // Links between pages lead to their new addresses: a case study's is beneath the site's listing.
      assert.match(content.pageBySlug('case-studies')!.body, /\[Nordlicht ERP\]\(\/referenzen\/nordlicht-erp\)/);
      assert.match(content.pageBySlug('services')!.body, /\[SEO\]\(\/leistungen\/seo\)/);

      const aboutFile = path.join(out, 'pages/about.md');
      const edited = (await readFile(aboutFile, 'utf8')).replace('Zwölf Leute', 'Dreizehn Leute');
      await writeFile(aboutFile, edited);
      site.routes.set(
        '/leistungen/seo',
        answer(agencySite('Neu: SEO und Sichtbarkeit in KI-Suchen für Software-Anbieter.')['/leistungen/seo']!),
      );
      site.routes.set('/ueber-uns', answer(agencySite('x')['/ueber-uns']!.replace('Zwölf', 'Vierzehn')));

      const second = await runImport([site.url, '--out', out]);
      assert.equal(second.code, 0, second.out);
      // The service's page, and services.yaml, whose summary of it is the page's first sentence.
      // The site has no robots.txt: its copy (origin-robots.txt, empty) is among the unchanged files.
      assert.match(second.out, /files: 0 new, 2 updated, 11 unchanged, 1 kept/);
      assert.match(second.out, /Updated from the origin \(2\):\n {2}pages\/services\/seo\.md\n {2}services\.yaml\n/);
      assert.match(second.out, /Kept as they are \(1\):\n {2}pages\/about\.md: edited since the last import/);
      content = await loadContent(out);
      assert.match(content.pageBySlug('services/seo')!.body, /Neu: SEO und Sichtbarkeit/);
      assert.equal(await readFile(aboutFile, 'utf8'), edited);
      // A third run still keeps the edit (the manifest keeps what the import wrote, not the edit).
      const third = await runImport([site.url, '--out', out]);
      assert.match(third.out, /pages\/about\.md: edited since the last import/);
    } finally {
      await site.close();
    }
  });

  it('keeps an SVG logo the JSON-LD names, without its comment and DOCTYPE', async () => {
    const svg =
      '<?xml version="1.0"?>\n<!-- Generator: a drawing program -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>\n';
    const ld = JSON.stringify({
      '@type': 'Organization',
      name: 'Kante',
      logo: { '@type': 'ImageObject', url: '/img/kante.svg' },
    });
    const site = await startSite(undefined, {
      '/': answer(
        layout(
          'Start',
          '<h1>Kante</h1><p>Ein kleines Studio für Marken, die wenig Worte brauchen.</p>',
          `<script type="application/ld+json">${ld}</script>`,
        ),
      ),
      '/img/kante.svg': answer(svg, 'image/svg+xml'),
    });
    const out = path.join(parent, 'kante');
    try {
      const result = await runImport([site.url, '--out', out]);
      assert.match(result.out, /logo: http:\/\/127\.0\.0\.1:\d+\/img\/kante\.svg \(from JSON-LD Organization on \/\)/);
      const content = await loadContent(out);
      assert.equal(
        content.logo,
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
      );
    } finally {
      await site.close();
    }
  });
});
