// The sitemap check's findings and fix.
import { checkWords } from './check-words.ts';

export const sitemapWords = checkWords({
  en: {
    namedNotServed: 'the sitemap robots.txt names answers {status}',
    notServed: '/sitemap.xml answers {status}',
    tooLarge: 'the gzipped sitemap does not unpack within {max} bytes',
    notSitemap: 'the sitemap is not a urlset or sitemapindex document',
    passed: 'sitemap with {count, plural, one {# location} other {# locations}}',
    passedNamed: 'sitemap with {count, plural, one {# location} other {# locations}}, named in robots.txt',
    fix: 'Serve an XML sitemap (urlset or sitemapindex) and name it in robots.txt with a Sitemap line.',
  },
  de: {
    namedNotServed: 'die in robots.txt genannte Sitemap antwortet mit {status}',
    notServed: '/sitemap.xml antwortet mit {status}',
    tooLarge: 'die gzip-komprimierte Sitemap lässt sich nicht innerhalb von {max} Bytes entpacken',
    notSitemap: 'die Sitemap ist kein urlset- oder sitemapindex-Dokument',
    passed: 'Sitemap mit {count, plural, one {# Adresse} other {# Adressen}}',
    passedNamed: 'Sitemap mit {count, plural, one {# Adresse} other {# Adressen}}, in robots.txt genannt',
    fix: 'Liefern Sie eine XML-Sitemap (urlset oder sitemapindex) aus und nennen Sie sie in robots.txt mit einer Sitemap-Zeile.',
  },
});
