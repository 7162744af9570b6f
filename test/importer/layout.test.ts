// Where pages of a site go in the content folder (docs/import.md's table), and the text of pages in
// the charset they declare.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { decodeHtml } from '../../src/importer/decode.ts';
import { place } from '../../src/importer/layout.ts';

describe('import layout', () => {
  it('places each kind of address as docs/import.md says', () => {
    const cases: [string, string, string, string | undefined][] = [
      ['/', 'pages/home.md', '/', undefined],
      ['/index.html', 'pages/home.md', '/', undefined],
      ['/About_Us.html', 'pages/about.md', '/about-us', '/about-us'],
      ['/ueber-uns/', 'pages/about.md', '/ueber-uns', '/ueber-uns'],
      ['/kontakt', 'pages/contact.md', '/kontakt', '/kontakt'],
      ['/leistungen', 'pages/services.md', '/leistungen', '/leistungen'],
      ['/services/seo', 'pages/services/seo.md', '/services/seo', undefined],
      [
        '/leistungen/seo-und-sea',
        'pages/services/seo-und-sea.md',
        '/leistungen/seo-und-sea',
        '/leistungen/seo-und-sea',
      ],
      ['/consulting', 'pages/services.md', '/consulting', '/consulting'],
      ['/consulting/review/', 'pages/services/review.md', '/consulting/review', '/consulting/review'],
      ['/beratung/strategie', 'pages/services/strategie.md', '/beratung/strategie', '/beratung/strategie'],
      ['/service-single.html', 'pages/services/service-single.md', '/service-single', '/service-single'],
      ['/portfolio-overview.html', 'pages/case-studies.md', '/portfolio-overview', '/portfolio-overview'],
      ['/referenzen/nordlicht-erp', 'case-studies/nordlicht-erp.md', '/referenzen/nordlicht-erp', undefined],
      ['/work/acme/phase-2', 'case-studies/acme-phase-2.md', '/work/acme/phase-2', undefined],
      ['/single-project.html', 'case-studies/single-project.md', '/case-studies/single-project', undefined],
      ['/blog/Erster%20Beitrag', 'pages/blog/erster-beitrag.md', '/blog/erster-beitrag', undefined],
      ['/Pricing.html', 'pages/pricing.md', '/pricing', undefined],
      ['/karriere/straße', 'pages/karriere/strasse.md', '/karriere/strasse', undefined],
    ];
    for (const [address, file, path, kept] of cases) {
      const placement = place(address);
      assert.deepEqual([placement.file, placement.path, placement.keptPath], [file, path, kept], address);
    }
    assert.equal(place('/blog/first-post').section, 'blog');
    assert.equal(place('/pricing').section, 'company');
  });

  it('reads a page in the charset it declares', () => {
    const latin1 = Buffer.from('<p>Über uns – Grüße</p>'.replace('–', '-'), 'latin1');
    assert.equal(decodeHtml(latin1, 'text/html; charset=ISO-8859-1'), '<p>Über uns - Grüße</p>');
    const meta = Buffer.concat([
      Buffer.from('<meta charset="windows-1252"><p>'),
      Buffer.from([0x80, 0xe4]),
      Buffer.from('</p>'),
    ]);
    assert.equal(decodeHtml(meta, 'text/html'), '<meta charset="windows-1252"><p>€ä</p>');
    assert.equal(decodeHtml(Buffer.from('<p>Grüße</p>'), 'text/html; charset=nonsense'), '<p>Grüße</p>');
  });
});
