// Card and catalog verdicts that were wrong on real sites: MCP cards pointing at the home page or
// offering only SSE, or found through the AI catalog with SEP-1649's transport.endpoint; A2A 0.3
// cards as the official SDK serves them; Agent Skills 0.1.0 indexes; AI-catalog entries without a
// displayName; an API catalog whose service-desc is a skills index.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { checkOf, documentSite, htmlDoc, jsonDoc, legacyA2aCard, type DocumentSite } from './document-site.ts';

let site: DocumentSite;
before(async () => {
  site = await documentSite();
});
after(async () => site?.close());

const home = htmlDoc('<title>x</title>');
/** The SEP-1649 shape many sites publish: serverInfo, and one transport. */
const sep1649Card = (transport: Record<string, string>) => ({
  $schema: 'https://static.modelcontextprotocol.io/schemas/mcp-server-card/v1.json',
  version: '1.0',
  protocolVersion: '2025-06-18',
  serverInfo: { name: 'acme-docs', version: '1.2.0' },
  transport,
});

describe('the MCP server card check', () => {
  it('fails a card whose transport URL is the home page', async () => {
    site.docs = {
      '/': home,
      '/.well-known/mcp/server-card.json': jsonDoc(sep1649Card({ type: 'streamable-http', url: `${site.url}/` })),
    };
    const report = await site.audit();
    const check = checkOf(report, 'mcp-server-card');
    assert.equal(check.status, 'fail');
    assert.equal(check.message, `the server card's endpoint ${site.url}/ is the site's home page, not an MCP endpoint`);
    assert.equal(checkOf(report, 'mcp-connect').status, 'skip');
  });

  it('warns on a card that offers only the deprecated SSE transport, and still tries the connection', async () => {
    site.docs = {
      '/': home,
      '/.well-known/mcp/server-card.json': jsonDoc({
        name: 'com.acme/docs',
        version: '1.0.0',
        remotes: [{ type: 'sse', url: `${site.url}/sse` }],
      }),
    };
    const report = await site.audit();
    const check = checkOf(report, 'mcp-server-card');
    assert.equal(check.status, 'warn');
    assert.match(check.message, /offers only the HTTP\+SSE transport at .*\/sse, deprecated since MCP 2025-03-26/);
    // Nothing answers at /sse here; test/audit/mcp-sse.test.ts connects to a real SSE server.
    assert.equal(checkOf(report, 'mcp-connect').status, 'fail');
  });

  it('passes a card found through the AI catalog that gives its endpoint as transport.endpoint', async () => {
    site.docs = {
      '/': home,
      '/.well-known/ai-catalog.json': jsonDoc({
        specVersion: '1.0',
        entries: [
          {
            identifier: 'urn:air:acme.example:mcp:docs',
            type: 'application/mcp-server-card+json',
            url: `${site.url}/mcp/server-card`,
          },
        ],
      }),
      '/mcp/server-card': jsonDoc(sep1649Card({ type: 'streamable-http', endpoint: '/mcp' })),
    };
    const report = await site.audit();
    const check = checkOf(report, 'mcp-server-card');
    assert.equal(check.status, 'pass', check.message);
    assert.equal(check.message, `server acme-docs at ${site.url}/mcp (found through the AI catalog)`);
    assert.equal(checkOf(report, 'ard').status, 'pass', 'a server-card entry names itself');
  });

  it('fails the connection to an endpoint that answers with a web page', async () => {
    site.docs = {
      '/': home,
      '/mcp': htmlDoc('<!doctype html><title>App</title><div id="root"></div>'),
      '/.well-known/mcp/server-card.json': jsonDoc({
        name: 'com.acme/app',
        version: '1.0.0',
        remotes: [{ type: 'streamable-http', url: `${site.url}/mcp` }],
      }),
    };
    const check = checkOf(await site.audit(), 'mcp-connect');
    assert.equal(check.status, 'fail');
    assert.equal(
      check.message,
      `${site.url}/mcp answers with a web page, not MCP: the MCP client got text/html; charset=utf-8`,
    );
  });

  it('says which fields it read when a card gives no endpoint', async () => {
    site.docs = { '/': home, '/.well-known/mcp/server-card.json': jsonDoc(sep1649Card({ type: 'stdio' })) };
    const check = checkOf(await site.audit(), 'mcp-server-card');
    assert.equal(check.status, 'fail');
    assert.equal(
      check.message,
      'the server card gives no endpoint URL (remotes, or transport.url or transport.endpoint)',
    );
    assert.equal(check.evidence.value, '{"type":"stdio"}');
  });
});

describe('the A2A agent card check', () => {
  it('passes an A2A 0.3 card as the official SDK serves it, naming each binding once', async () => {
    site.docs = {
      '/': home,
      '/.well-known/agent-card.json': legacyA2aCard(site.url, {
        additionalInterfaces: [
          { url: `${site.url}/a2a/jsonrpc`, transport: 'JSONRPC' },
          { url: `${site.url}/a2a/rest`, transport: 'HTTP+JSON' },
        ],
        capabilities: { streaming: true },
        skills: [{ id: 'ask', name: 'Ask', description: 'Answers a question.', tags: ['faq'] }],
      }),
    };
    const check = checkOf(await site.audit(), 'a2a-agent-card');
    assert.equal(check.status, 'pass', check.message);
    assert.equal(check.message, 'A2A 0.3.0 agent "Acme agent" with 1 skill over JSONRPC, HTTP+JSON');
  });
});
