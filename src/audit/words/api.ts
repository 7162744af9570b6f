// The api-catalog and openapi checks' findings and fixes. A description's problem is one `select`
// per sentence, so each language words the whole sentence; the evidence names the problem alone.
import { checkWords } from './check-words.ts';

export const apiWords = checkWords({
  en: {
    catalogNotServed: '/.well-known/api-catalog answers {status}',
    serveCatalog:
      'Serve /.well-known/api-catalog as application/linkset+json: \'{"linkset": [{"anchor": <API URL>, "service-desc": [{"href": <OpenAPI URL>}]}]}\' (RFC 9727).',
    catalogWrongType: 'the API catalog is served as {type}, not application/linkset+json',
    catalogNoType: 'the API catalog is served as no type, not application/linkset+json',
    notLinkset: 'the API catalog is not a linkset document',
    noAnchor: 'a linkset entry has no anchor, or there is none',
    notDescription:
      '{kind, select, html {the service-desc {url} is an HTML page, not an API description} other {the service-desc {url} is an Agent Skills index, not an API description}}',
    notDescriptionEvidence:
      '{kind, select, html {is an HTML page, not an API description} other {is an Agent Skills index, not an API description}}',
    pointAtDescriptions:
      'Point each service-desc at a description of the API (OpenAPI, AsyncAPI, …); list skills in /.well-known/agent-skills/index.json instead.',
    catalogPassed: 'RFC 9727 linkset with {apis, plural, one {# API} other {# APIs}}',
    noCatalog: 'no API catalog to name OpenAPI descriptions',
    noDescriptions: 'the API catalog links no OpenAPI description (service-desc)',
    descriptionProblem:
      '{problem, select, answers {the service-desc answers {status}} neither {the service-desc is neither JSON nor YAML} notObject {the service-desc is not an object} version {the service-desc has openapi {version}, not 3.x} noTitle {the service-desc has no info.title} other {the service-desc has no paths}}',
    descriptionProblemEvidence:
      '{problem, select, answers {answers {status}} neither {is neither JSON nor YAML} notObject {is not an object} version {has openapi {version}, not 3.x} noTitle {has no info.title} other {has no paths}}',
    describeApi:
      'Each service-desc link should serve an OpenAPI 3.x document (openapi, info and paths) as JSON or YAML.',
    openapiPassed: '{count, plural, one {# OpenAPI 3.x description parses} other {# OpenAPI 3.x descriptions parse}}',
  },
  de: {
    catalogNotServed: '/.well-known/api-catalog antwortet mit {status}',
    serveCatalog:
      'Liefern Sie /.well-known/api-catalog als application/linkset+json aus: \'{"linkset": [{"anchor": <API URL>, "service-desc": [{"href": <OpenAPI URL>}]}]}\' (RFC 9727).',
    catalogWrongType: 'der API-Katalog wird als {type} ausgeliefert, nicht als application/linkset+json',
    catalogNoType: 'der API-Katalog wird ohne Typ ausgeliefert, nicht als application/linkset+json',
    notLinkset: 'der API-Katalog ist kein Linkset-Dokument',
    noAnchor: 'ein Linkset-Eintrag hat keinen anchor, oder es gibt keinen Eintrag',
    notDescription:
      '{kind, select, html {der service-desc-Link {url} führt zu einer HTML-Seite, nicht zu einer API-Beschreibung} other {der service-desc-Link {url} führt zu einem Agent-Skills-Index, nicht zu einer API-Beschreibung}}',
    notDescriptionEvidence:
      '{kind, select, html {ist eine HTML-Seite, keine API-Beschreibung} other {ist ein Agent-Skills-Index, keine API-Beschreibung}}',
    pointAtDescriptions:
      'Lassen Sie jeden service-desc-Link auf eine Beschreibung der API zeigen (OpenAPI, AsyncAPI, …); Skills führen Sie stattdessen in /.well-known/agent-skills/index.json auf.',
    catalogPassed: 'RFC-9727-Linkset mit {apis, plural, one {# API} other {# APIs}}',
    noCatalog: 'kein API-Katalog, der OpenAPI-Beschreibungen nennen könnte',
    noDescriptions: 'der API-Katalog verlinkt keine OpenAPI-Beschreibung (service-desc)',
    descriptionProblem:
      '{problem, select, answers {der service-desc-Link antwortet mit {status}} neither {die Beschreibung hinter dem service-desc-Link ist weder JSON noch YAML} notObject {die Beschreibung hinter dem service-desc-Link ist kein Objekt} version {die Beschreibung hinter dem service-desc-Link hat openapi {version} statt 3.x} noTitle {die Beschreibung hinter dem service-desc-Link hat kein info.title} other {die Beschreibung hinter dem service-desc-Link hat keine paths}}',
    descriptionProblemEvidence:
      '{problem, select, answers {antwortet mit {status}} neither {ist weder JSON noch YAML} notObject {ist kein Objekt} version {hat openapi {version} statt 3.x} noTitle {hat kein info.title} other {hat keine paths}}',
    describeApi:
      'Jeder service-desc-Link sollte ein OpenAPI-3.x-Dokument (openapi, info und paths) als JSON oder YAML ausliefern.',
    openapiPassed:
      '{count, plural, one {# OpenAPI-3.x-Beschreibung ist lesbar} other {# OpenAPI-3.x-Beschreibungen sind lesbar}}',
  },
});
