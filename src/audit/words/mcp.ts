// The mcp-server-card and mcp-connect checks' findings and fixes. A card found through the AI
// catalog says so inside the sentence (`via`), where each language places it.
import { checkWords } from './check-words.ts';

export const mcpWords = checkWords({
  en: {
    cardNotServed: '{path} answers {status}',
    publishCard:
      'Publish {path} as JSON with the server\'\'s name, version and a "remotes" entry giving its streamable-HTTP URL.',
    cardWrongType: 'the server card is served as {type}',
    cardNoType: 'the server card is served as no type',
    cardNotObject: 'the server card is not a JSON object',
    cardNoName: 'the server card has no name',
    cardNoEndpoint: 'the server card gives no endpoint URL (remotes, or transport.url or transport.endpoint)',
    endpointIsHome: "the server card''s endpoint {url} is the site''s home page, not an MCP endpoint",
    onlySse:
      'server {name} offers only the HTTP+SSE transport at {url}{via, select, catalog { (found through the AI catalog)} other {}}, deprecated since MCP 2025-03-26',
    serveStreamable:
      'Serve the MCP server over Streamable HTTP and list it as a "streamable-http" remote; current clients may not fall back to SSE.',
    cardPassed: 'server {name} at {url}{via, select, catalog { (found through the AI catalog)} other {}}',
    noCardToConnect: 'no MCP server card with an endpoint to connect to',
    cardNotPassing: 'the server card does not pass its check, so no connection is tried',
    connected: 'connected to {url}; {tools, plural, one {# tool} other {# tools}} listed',
    connectedSse:
      'connected to {url} over the deprecated HTTP+SSE transport; {tools, plural, one {# tool} other {# tools}} listed, but current clients speaking only Streamable HTTP cannot connect',
    webPage: '{url} answers with a web page, not MCP: the MCP client got {got}',
    notConnected: 'the MCP client could not connect and list tools: {problem}',
    answerMcp:
      'Make the endpoint in the server card answer MCP over streamable HTTP (initialize and tools/list) at a public address.',
  },
  de: {
    cardNotServed: '{path} antwortet mit {status}',
    publishCard:
      'Veröffentlichen Sie {path} als JSON mit Name und Version des Servers und einem „remotes“-Eintrag, der seine Streamable-HTTP-URL angibt.',
    cardWrongType: 'die Server-Card wird als {type} ausgeliefert',
    cardNoType: 'die Server-Card wird ohne Typ ausgeliefert',
    cardNotObject: 'die Server-Card ist kein JSON-Objekt',
    cardNoName: 'die Server-Card nennt keinen Namen',
    cardNoEndpoint: 'die Server-Card gibt keine Endpunkt-URL an (remotes, transport.url oder transport.endpoint)',
    endpointIsHome: 'der Endpunkt {url} aus der Server-Card ist die Startseite der Website, kein MCP-Endpunkt',
    onlySse:
      'der Server {name} bietet unter {url}{via, select, catalog { (über den AI-Katalog gefunden)} other {}} nur den HTTP+SSE-Transport an, der seit MCP 2025-03-26 veraltet ist',
    serveStreamable:
      'Betreiben Sie den MCP-Server über Streamable HTTP und führen Sie ihn als „streamable-http“-Remote auf; aktuelle Clients greifen womöglich nicht mehr auf SSE zurück.',
    cardPassed: 'Server {name} unter {url}{via, select, catalog { (über den AI-Katalog gefunden)} other {}}',
    noCardToConnect: 'keine MCP-Server-Card mit einem Endpunkt, mit dem sich eine Verbindung aufbauen ließe',
    cardNotPassing: 'die Server-Card besteht ihre eigene Prüfung nicht, daher wird keine Verbindung versucht',
    connected: 'verbunden mit {url}; {tools, plural, one {# Tool} other {# Tools}} aufgelistet',
    connectedSse:
      'verbunden mit {url} über den veralteten HTTP+SSE-Transport; {tools, plural, one {# Tool} other {# Tools}} aufgelistet, aber aktuelle Clients, die nur Streamable HTTP sprechen, können sich nicht verbinden',
    webPage: '{url} antwortet mit einer Webseite statt mit MCP: der MCP-Client erhielt {got}',
    notConnected: 'der MCP-Client konnte sich nicht verbinden und keine Tools auflisten: {problem}',
    answerMcp:
      'Sorgen Sie dafür, dass der Endpunkt aus der Server-Card unter einer öffentlichen Adresse MCP über Streamable HTTP beantwortet (initialize und tools/list).',
  },
});
