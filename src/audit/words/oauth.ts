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
      "{answer, select, notUrl {the metadata''s {field} answers nothing: it is not a URL} error {the metadata''s {field} answers nothing ({reason})} notToken {the metadata''s {field} answers a token request with {status} and no OAuth error: it is no token endpoint} notKeys {the metadata''s {field} answers {status} with no key set} other {the metadata''s {field} answers {status}}}",
    issuesNoTokens:
      'the authorization server says it issues no tokens (no grant or response type, no token endpoint): there is no OAuth to use here',
    noTokenEndpoint: 'the metadata names no token_endpoint, which RFC 8414 requires of a server that issues tokens',
    serveTokenEndpoint:
      'Serve the token endpoint the metadata names: a token request from an unknown client must get a JSON OAuth error (RFC 6749 §5.2), such as 401 invalid_client.',
    nothingProtected:
      'the metadata accepts a bearer token in no way ("bearer_methods_supported" is empty): nothing here is protected',
    noServersNamed: 'the metadata names no authorization server, so no agent can learn where to get a token',
    serverDoesNotAnswer: 'its authorization server {server} does not answer as one: {problem}',
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
      '{answer, select, notUrl {{field} in den Metadaten ist keine URL, dort antwortet nichts} error {die in den Metadaten unter {field} genannte URL antwortet nicht ({reason})} notToken {die in den Metadaten unter {field} genannte URL beantwortet eine Token-Anfrage mit {status} und ohne OAuth-Fehler: sie ist kein Token-Endpunkt} notKeys {die in den Metadaten unter {field} genannte URL antwortet mit {status}, aber ohne Schlüsselsatz} other {die in den Metadaten unter {field} genannte URL antwortet mit {status}}}',
    issuesNoTokens:
      'der Autorisierungsserver sagt, dass er keine Tokens ausstellt (kein Grant- oder Response-Typ, kein Token-Endpunkt): hier gibt es kein OAuth zu nutzen',
    noTokenEndpoint:
      'die Metadaten nennen keinen token_endpoint, den RFC 8414 von einem Server verlangt, der Tokens ausstellt',
    serveTokenEndpoint:
      'Stellen Sie den Token-Endpunkt bereit, den die Metadaten nennen: Eine Token-Anfrage eines unbekannten Clients muss einen OAuth-Fehler als JSON bekommen (RFC 6749 §5.2), etwa 401 invalid_client.',
    nothingProtected:
      'die Metadaten nehmen ein Bearer-Token auf keinem Weg an („bearer_methods_supported“ ist leer): hier ist nichts geschützt',
    noServersNamed:
      'die Metadaten nennen keinen Autorisierungsserver, also kann kein Agent erfahren, wo er ein Token bekommt',
    serverDoesNotAnswer: 'ihr Autorisierungsserver {server} antwortet nicht wie einer: {problem}',
    serveEndpoints:
      'Stellen Sie jeden Endpunkt, den die Metadaten nennen (Token, Autorisierung, JWKS, …), unter der angegebenen URL bereit, oder lassen Sie ihn weg.',
    serverPassed: 'Autorisierungsserver {issuer}',
  },
});
