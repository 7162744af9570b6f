// The sitemap check reads the XML with a parser, accepts a gzipped sitemap (sitemap.xml.gz) and
// counts its locations in English.
import { strict as assert } from 'node:assert';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { checkOf, documentSite, htmlDoc, type DocumentSite } from './document-site.ts';

let site: DocumentSite;
before(async () => {
  site = await documentSite();
});
after(async () => site?.close());

const urlset = (locs: string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((loc) => `<url><loc>${loc}</loc></url>`).join('')}</urlset>`;

describe('the sitemap check', () => {
  it('passes a gzipped sitemap that robots.txt names, counting one location as one', async () => {
    site.docs = {
      '/': htmlDoc('<title>x</title>'),
      '/robots.txt': { type: 'text/plain', body: `User-agent: *\nAllow: /\nSitemap: ${site.url}/sitemap.xml.gz\n` },
      '/sitemap.xml.gz': { type: 'application/gzip', body: gzipSync(urlset([`${site.url}/`])) },
    };
    const check = checkOf(await site.audit(), 'sitemap');
    assert.equal(check.status, 'pass', check.message);
    assert.equal(check.message, 'sitemap with 1 location, named in robots.txt');
  });

  it('reads a prefixed sitemapindex and counts its locations', async () => {
    site.docs = {
      '/': htmlDoc('<title>x</title>'),
      '/sitemap.xml': {
        type: 'application/xml',
        body: '<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:sitemap><sm:loc>a</sm:loc></sm:sitemap><sm:sitemap><sm:loc>b</sm:loc></sm:sitemap></sm:sitemapindex>',
      },
    };
    const check = checkOf(await site.audit(), 'sitemap');
    assert.equal(check.message, 'sitemap with 2 locations');
  });

  it('fails an HTML page served at the sitemap address, even one that mentions <urlset', async () => {
    site.docs = {
      '/': htmlDoc('<title>x</title>'),
      '/sitemap.xml': htmlDoc('<!doctype html><html><body><p>our &lt;urlset&gt; is coming</p></body></html>'),
    };
    const check = checkOf(await site.audit(), 'sitemap');
    assert.equal(check.status, 'fail');
    assert.equal(check.message, 'the sitemap is not a urlset or sitemapindex document');
  });
});
