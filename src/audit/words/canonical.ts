// The canonical check's findings and fixes. A noindex is found in a meta tag (named by `meta`, the
// tag's name: robots, googlebot, …) or in the X-Robots-Tag header, each a sentence of its own.
import { checkWords } from './check-words.ts';

export const canonicalWords = checkWords({
  en: {
    noindexInMeta: 'the home page is marked {directive} in its {meta} meta tag',
    noindexInHeader: 'the home page is marked {directive} in its X-Robots-Tag header',
    noindexFix:
      "Remove noindex (and none) from the home page''s robots meta tag and X-Robots-Tag header, so search-backed agents can find it.",
    scopedInMeta: 'the home page is marked {directive} for {agent} in its {meta} meta tag',
    scopedInHeader: 'the home page is marked {directive} for {agent} in its X-Robots-Tag header',
    scopedFix: 'Remove noindex for that crawler unless it is meant: the agents behind it will not find the site.',
    noCanonical: 'the home page names no canonical URL',
    notHttp: 'the canonical URL is not an http(s) URL',
    canonicalFix:
      'Name the home page\'\'s own URL in <link rel="canonical" href="…"> (or a Link header with rel="canonical").',
    disagree: 'the markup and the Link header name different canonical URLs',
    disagreeFix: 'Name one canonical URL: the same in the markup and the Link header.',
    otherSite: 'the canonical URL is on another site ({host})',
    otherSiteFix: 'Point the canonical URL at this site: an agent credits the site the canonical URL names.',
    passed: 'canonical {url}, indexable',
  },
  de: {
    noindexInMeta: 'die Startseite ist in ihrem Meta-Tag {meta} als {directive} markiert',
    noindexInHeader: 'die Startseite ist in ihrem X-Robots-Tag-Header als {directive} markiert',
    noindexFix:
      'Entfernen Sie noindex (und none) aus dem robots-Meta-Tag und dem X-Robots-Tag-Header der Startseite, damit Agenten, die auf Suchmaschinen aufbauen, sie finden.',
    scopedInMeta: 'die Startseite ist in ihrem Meta-Tag {meta} für {agent} als {directive} markiert',
    scopedInHeader: 'die Startseite ist in ihrem X-Robots-Tag-Header für {agent} als {directive} markiert',
    scopedFix:
      'Entfernen Sie noindex für diesen Crawler, sofern es nicht so gewollt ist: Die Agenten, die auf ihm aufbauen, finden die Website sonst nicht.',
    noCanonical: 'die Startseite nennt keine kanonische Adresse',
    notHttp: 'die kanonische Adresse ist keine http(s)-Adresse',
    canonicalFix:
      'Nennen Sie die eigene Adresse der Startseite in <link rel="canonical" href="…"> (oder in einem Link-Header mit rel="canonical").',
    disagree: 'das Markup und der Link-Header nennen verschiedene kanonische Adressen',
    disagreeFix: 'Nennen Sie eine einzige kanonische Adresse: dieselbe im Markup und im Link-Header.',
    otherSite: 'die kanonische Adresse liegt auf einer anderen Website ({host})',
    otherSiteFix:
      'Lassen Sie die kanonische Adresse auf diese Website zeigen: Ein Agent schreibt die Inhalte der Website zu, die die kanonische Adresse nennt.',
    passed: 'kanonische Adresse {url}, indexierbar',
  },
});
