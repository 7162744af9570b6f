// The oauth-protected-resource and oauth-authorization-server checks' findings and fixes. An
// endpoint that does not answer says why in one `select`: its status, no URL, or the fetch's error.
import { checkWords } from './check-words.ts';

export const oauthWords = checkWords({
  en: {
    resourceNotServed: '/.well-known/oauth-protected-resource answers {status}',
    publishResource:
      'Publish /.well-known/oauth-protected-resource (RFC 9728) with "resource" set to your origin and the "authorization_servers" that issue its tokens.',
    resourceNotObject: 'the protected-resource metadata is not a JSON object',
    foreignResource: '"resource" is not this site\'\'s origin (nor the canonical origin its home page names)',
    serversNotUrls: '"authorization_servers" is not a list of URLs',
    noServers: '"authorization_servers" is an empty list: no server issues tokens for this resource',
    resourcePassed:
      'resource {resource}, {servers, plural, one {# authorization server} other {# authorization servers}}',
    noServerMetadata: 'no authorization server metadata for {origin} ({status})',
    publishServer:
      'Publish RFC 8414 metadata at /.well-known/oauth-authorization-server with "issuer" equal to the issuer URL and "response_types_supported".',
    serverNotObject: 'the metadata is not a JSON object',
    otherIssuer: '"issuer" does not match the URL the metadata was found under',
    noResponseTypes: '"response_types_supported" is missing',
    deadEndpoint:
      "{answer, select, notUrl {the metadata''s {field} answers nothing: it is not a URL} error {the metadata''s {field} answers nothing ({reason})} other {the metadata''s {field} answers {status}}}",
    serveEndpoints:
      'Serve every endpoint the metadata names (token, authorization, JWKS, …) at the URL it gives, or leave it out.',
    serverPassed: 'authorization server {issuer}',
  },
  de: {
    resourceNotServed: '/.well-known/oauth-protected-resource antwortet mit {status}',
    publishResource:
      'Veröffentlichen Sie /.well-known/oauth-protected-resource (RFC 9728) mit Ihrem Origin als „resource“ und den „authorization_servers“, die Tokens dafür ausstellen.',
    resourceNotObject: 'die Protected-Resource-Metadaten sind kein JSON-Objekt',
    foreignResource:
      '„resource“ ist nicht der Origin dieser Website (auch nicht der kanonische Origin, den ihre Startseite nennt)',
    serversNotUrls: '„authorization_servers“ ist keine Liste von URLs',
    noServers: '„authorization_servers“ ist eine leere Liste: kein Server stellt Tokens für diese Ressource aus',
    resourcePassed:
      'Ressource {resource}, {servers, plural, one {# Autorisierungsserver} other {# Autorisierungsserver}}',
    noServerMetadata: 'keine Metadaten eines Autorisierungsservers für {origin} ({status})',
    publishServer:
      'Veröffentlichen Sie RFC-8414-Metadaten unter /.well-known/oauth-authorization-server, mit der URL des Ausstellers als „issuer“ und mit „response_types_supported“.',
    serverNotObject: 'die Metadaten sind kein JSON-Objekt',
    otherIssuer: '„issuer“ stimmt nicht mit der URL überein, unter der die Metadaten gefunden wurden',
    noResponseTypes: '„response_types_supported“ fehlt',
    deadEndpoint:
      '{answer, select, notUrl {{field} in den Metadaten ist keine URL, dort antwortet nichts} error {die in den Metadaten unter {field} genannte URL antwortet nicht ({reason})} other {die in den Metadaten unter {field} genannte URL antwortet mit {status}}}',
    serveEndpoints:
      'Stellen Sie jeden Endpunkt, den die Metadaten nennen (Token, Autorisierung, JWKS, …), unter der angegebenen URL bereit, oder lassen Sie ihn weg.',
    serverPassed: 'Autorisierungsserver {issuer}',
  },
});
