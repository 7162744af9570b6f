// The findings and fixes of the home page checks: link-headers and markdown-negotiation.
import { checkWords } from './check-words.ts';

export const homeWords = checkWords({
  en: {
    noLinkHeader: 'the home page sends no Link header',
    noDiscovery: 'the Link header has no discovery relation ({relations})',
    noRelations: 'none',
    relations: 'Link header relations: {relations}',
    linkFix:
      'Send a Link header on the home page with registered relations, e.g. <…/.well-known/api-catalog>; rel="api-catalog" and rel="service-desc" or "describedby".',
    markdownRefused: 'the home page answers {status} to Accept: text/markdown',
    markdownType: 'Accept: text/markdown gets {type}',
    markdownUntyped: 'Accept: text/markdown gets no type',
    markdownIsHtml: 'the markdown answer is HTML',
    markdown: 'Accept: text/markdown gets {bytes} bytes of markdown',
    markdownFix:
      'Answer Accept: text/markdown with a markdown rendering of the page (Content-Type text/markdown) and send Vary: Accept.',
  },
  de: {
    noLinkHeader: 'die Startseite sendet keinen Link-Header',
    noDiscovery: 'der Link-Header hat keine Discovery-Relation ({relations})',
    noRelations: 'keine',
    relations: 'Relationen im Link-Header: {relations}',
    linkFix:
      'Senden Sie auf der Startseite einen Link-Header mit registrierten Relationen, z. B. <…/.well-known/api-catalog>; rel="api-catalog" und rel="service-desc" oder "describedby".',
    markdownRefused: 'die Startseite antwortet auf Accept: text/markdown mit {status}',
    markdownType: 'auf Accept: text/markdown kommt {type}',
    markdownUntyped: 'auf Accept: text/markdown kommt eine Antwort ohne Typ',
    markdownIsHtml: 'die Markdown-Antwort ist HTML',
    markdown: 'auf Accept: text/markdown kommen {bytes} Bytes Markdown',
    markdownFix:
      'Beantworten Sie Accept: text/markdown mit einer Markdown-Fassung der Seite (Content-Type text/markdown) und senden Sie Vary: Accept.',
  },
});
