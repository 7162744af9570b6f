// What the import recognises of the agency from pages' facts, in the order docs/import.md gives.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { recogniseAgency, type SeenPage } from '../../src/importer/agency.ts';
import type { PageFacts } from '../../src/importer/extract.ts';

const seen = (source: string, facts: Partial<PageFacts>, isHome = false): SeenPage => ({
  url: new URL(source, 'https://agency.example'),
  source,
  isHome,
  isContact: /contact|kontakt/.test(source),
  facts: {
    title: '',
    links: [],
    alternates: [],
    menus: { navigation: [], footer: [] },
    jsonLd: [],
    mailto: [],
    tel: [],
    contentHtml: '',
    text: '',
    mainText: '',
    ...facts,
  },
});

describe('recognising the agency', () => {
  it('takes the mailto: most pages carry, og:site_name, and a tel: link', () => {
    const agency = recogniseAgency([
      seen('/', { siteName: 'Kante Studio', title: 'Home | Kante', mailto: ['hello@kante.example'] }, true),
      seen('/blog/post', { mailto: ['press@kante.example', 'hello@kante.example'], tel: ['+4940123456'] }),
      seen('/jobs', { mailto: ['jobs@kante.example', 'hello@kante.example'] }),
    ]);
    assert.equal(agency.name?.value, 'Kante Studio');
    assert.equal(agency.name?.from, 'og:site_name on /');
    assert.deepEqual(agency.email, { value: 'hello@kante.example', from: 'a mailto: link on / and 2 more' });
    assert.deepEqual(agency.phone, { value: '+4940123456', from: 'a tel: link on /blog/post' });
  });

  it('finds a telephone number in the contact page text, and no date, years or hours', () => {
    const phone = (text: string): string | undefined => recogniseAgency([seen('/kontakt', { text })]).phone?.value;
    assert.equal(phone('Stand 14.03.2025. Rufen Sie an: 040 / 123 456 7'), '040 / 123 456 7');
    assert.equal(phone('Open 9:00-17:00, call (555) 892-9403.'), '(555) 892-9403');
    assert.equal(phone('Since 2011-2024, at 12 Main St.'), undefined);
    assert.equal(phone('Phone: 212 555 0101'), '212 555 0101');
    // A postcode and the next address's house number, as two list items read in a row.
    assert.equal(phone('1496 Bushwick Ave, Brooklyn, NY 11207 28 2nd St, San Francisco'), undefined);
    assert.equal(
      recogniseAgency([seen('/about', { text: 'Call 040 123 4567' })]).phone,
      undefined,
      'only the contact page',
    );
  });

  it("names the site by the part of the home page's title the other pages' titles repeat", () => {
    const named = (...titles: string[]): string | undefined =>
      recogniseAgency(titles.map((title, n) => seen(n === 0 ? '/' : `/page-${n}`, { title }, n === 0))).name?.value;
    assert.equal(
      named('Scala consultancy and training - Underscore', 'Contact - Underscore', 'HSBC - Underscore'),
      'Underscore',
    );
    assert.equal(named('Rappo - It solutions & Corporate template', 'About - Rappo'), 'Rappo');
    assert.equal(
      named('Modern Business - Start Bootstrap Template', 'Modern Business - Start Bootstrap Template'),
      'Modern Business',
    );
    assert.equal(named('Kante | Home'), 'Kante');
  });
});
