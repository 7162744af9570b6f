// The findings and fixes of the home page's markup checks: webmcp (tool forms) and json-ld.
import { checkWords } from './check-words.ts';

export const pageMarkupWords = checkWords({
  en: {
    noTools: 'no WebMCP tool form on the home page ({forms, plural, one {# form} other {# forms}})',
    emptyToolname: 'a tool form with an empty toolname',
    noDescription: 'tool "{name}" has no tooldescription',
    noInputs: 'tool "{name}" has no inputs',
    unnamedInput: 'tool "{name}" has an input without a name',
    describeTools:
      'Give each tool form a toolname, a tooldescription saying what it does, and a name on every input (its parameter).',
    toolsPassed: '{tools, plural, one {# WebMCP tool form} other {# WebMCP tool forms}}: {names}',
    embedJsonLd:
      'Embed a <script type="application/ld+json"> block with valid JSON: a schema.org graph naming who runs the site: an Organization (or a subtype), a Person for a personal site, or a WebSite node.',
    noJsonLd: 'the home page has no JSON-LD',
    notParsing: 'a JSON-LD block does not parse: {problem}',
    noType: 'the JSON-LD has no @type',
    noPublisher: 'JSON-LD types {types}, but no Organization, Person or WebSite',
    jsonLdPassed: '{blocks, plural, one {# JSON-LD block} other {# JSON-LD blocks}}, types include {types}',
  },
  de: {
    noTools:
      'kein WebMCP-Tool-Formular auf der Startseite ({forms, plural, one {# Formular} other {# Formulare}} insgesamt)',
    emptyToolname: 'ein Tool-Formular mit leerem toolname',
    noDescription: 'das Tool „{name}“ hat keine tooldescription',
    noInputs: 'das Tool „{name}“ hat keine Eingabefelder',
    unnamedInput: 'das Tool „{name}“ hat ein Eingabefeld ohne Namen',
    describeTools:
      'Geben Sie jedem Tool-Formular einen toolname, eine tooldescription, die sagt, was es tut, und jedem Eingabefeld ein name-Attribut: den Namen seines Parameters.',
    toolsPassed: '{tools, plural, one {# WebMCP-Tool-Formular} other {# WebMCP-Tool-Formulare}}: {names}',
    embedJsonLd:
      'Binden Sie einen <script type="application/ld+json">-Block mit gültigem JSON ein: einen schema.org-Graphen, der nennt, wer die Website betreibt: eine Organization (oder einen ihrer Untertypen), eine Person bei einer persönlichen Website oder einen WebSite-Knoten.',
    noJsonLd: 'die Startseite hat kein JSON-LD',
    notParsing: 'ein JSON-LD-Block lässt sich nicht lesen: {problem}',
    noType: 'das JSON-LD hat keinen @type',
    noPublisher: 'JSON-LD-Typen {types}, aber keine Organization, Person oder WebSite',
    jsonLdPassed: '{blocks, plural, one {# JSON-LD-Block} other {# JSON-LD-Blöcke}}, darunter die Typen {types}',
  },
});
