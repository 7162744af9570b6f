// The llms-txt check's findings and fixes.
import { checkWords } from './check-words.ts';

export const llmsTxtWords = checkWords({
  en: {
    notServed:
      '{path}{via, select, describedby {, which the home page advertises as describedby,} other {}} answers {status}',
    publish:
      'Publish /llms.txt: a markdown index of your key pages for language models, starting with "# <site name>".',
    wrongType: '{path} is served as {type}',
    servedWithoutType: '{path} is served as no type',
    serveAsText: 'Serve {path} as text/markdown or text/plain.',
    noHeading: 'llms.txt does not start with an H1',
    startWithHeading: 'Start llms.txt with one "# " heading naming the site, as the llms.txt format requires.',
    noLinks: 'llms.txt links to no page',
    listPages:
      'List your key pages in llms.txt as markdown links ("- [Title](https://…): what it holds"), as the llms.txt format asks.',
    brokenLink: 'a link in llms.txt answers {status}',
    fixLinks: 'Fix or remove the links in llms.txt that do not resolve.',
    passed:
      "llms.txt has an H1 and {links, plural, one {# link} other {# links}}; {own} of the site''s own resolve{via, select, describedby { ({path}, as the home page advertises)} scope { ({path}, the audited path''s own)} other {}}",
  },
  de: {
    notServed:
      '{path}{via, select, describedby {, die die Startseite als describedby angibt,} other {}} antwortet mit {status}',
    publish:
      'Veröffentlichen Sie /llms.txt: ein Markdown-Verzeichnis Ihrer wichtigsten Seiten für Sprachmodelle, beginnend mit „# <Name der Website>“.',
    wrongType: '{path} wird als {type} ausgeliefert',
    servedWithoutType: '{path} wird ohne Medientyp ausgeliefert',
    serveAsText: 'Liefern Sie {path} als text/markdown oder text/plain aus.',
    noHeading: 'llms.txt beginnt nicht mit einer H1',
    startWithHeading:
      'Beginnen Sie llms.txt mit genau einer „# “-Überschrift, die die Website nennt, wie es das llms.txt-Format verlangt.',
    noLinks: 'llms.txt verlinkt keine Seite',
    listPages:
      'Führen Sie Ihre wichtigsten Seiten in llms.txt als Markdown-Links auf („- [Titel](https://…): was sie enthält“), wie es das llms.txt-Format vorsieht.',
    brokenLink: 'ein Link in llms.txt antwortet mit {status}',
    fixLinks: 'Korrigieren oder entfernen Sie die Links in llms.txt, die nicht erreichbar sind.',
    passed:
      'llms.txt hat eine H1 und {links, plural, one {# Link} other {# Links}}; {own} der eigenen Links der Website sind erreichbar{via, select, describedby { ({path}, wie die Startseite angibt)} scope { ({path}, die des geprüften Pfads)} other {}}',
  },
});
