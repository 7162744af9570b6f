// The protocol checks (API catalog, OpenAPI, OAuth, MCP, Web Bot Auth, ARD) run in German say their
// findings and fixes in German, counts in German plurals, while what they quote of the site stays as served.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { apiCatalog, openapi } from '../../../src/audit/checks/api.ts';
import { ard } from '../../../src/audit/checks/ard.ts';
import { mcpConnect, mcpServerCard } from '../../../src/audit/checks/mcp.ts';
import { oauthAuthorizationServer, oauthProtectedResource } from '../../../src/audit/checks/oauth.ts';
import { webBotAuth } from '../../../src/audit/checks/web-bot-auth.ts';
import type { AuditContext } from '../../../src/audit/context.ts';
import type { CheckResult } from '../../../src/audit/report.ts';
import { loopbackAllowed } from '../../domain/audit/audit-helpers.ts';
import { documentSite, htmlDoc, jsonDoc, type Doc, type DocumentSite } from '../document-site.ts';
import { runCheck } from '../run-check.ts';

let site: DocumentSite;
before(async () => {
  site = await documentSite();
});
after(async () => site?.close());

/** The check run in German against the site serving `docs` beside a home page. */
function inGerman(check: (ctx: AuditContext) => Promise<CheckResult>, docs: Record<string, Doc>) {
  site.docs = { '/': htmlDoc('<title>x</title>'), ...docs };
  return runCheck(check, `${site.url}/`, loopbackAllowed, 'de');
}

const linkset = (...hrefs: string[]) =>
  jsonDoc(
    { linkset: [{ anchor: '/api', 'service-desc': hrefs.map((href) => ({ href })) }] },
    'application/linkset+json',
  );

describe('the protocol checks in German', () => {
  it('words the API catalog and its OpenAPI descriptions in German', async () => {
    const missing = await inGerman(apiCatalog, {});
    assert.equal(missing.message, '/.well-known/api-catalog antwortet mit 404');
    assert.match(
      missing.fix!,
      /^Liefern Sie \/\.well-known\/api-catalog als application\/linkset\+json aus: \{"linkset"/,
    );
    const page = await inGerman(apiCatalog, { '/.well-known/api-catalog': linkset('/d'), '/d': htmlDoc('<p>API</p>') });
    assert.equal(
      page.message,
      `der service-desc-Link ${site.url}/d führt zu einer HTML-Seite, nicht zu einer API-Beschreibung`,
    );
    assert.equal(page.evidence.value, 'ist eine HTML-Seite, keine API-Beschreibung');
    const swagger = await inGerman(openapi, {
      '/.well-known/api-catalog': linkset('/d'),
      '/d': jsonDoc({ swagger: '2.0', openapi: '2.0' }),
    });
    assert.equal(swagger.message, 'die Beschreibung hinter dem service-desc-Link hat openapi "2.0" statt 3.x');
    const description = jsonDoc({ openapi: '3.1.0', info: { title: 'API' }, paths: {} });
    const two = await inGerman(openapi, {
      '/.well-known/api-catalog': linkset('/d', '/e'),
      '/d': description,
      '/e': description,
    });
    assert.equal(two.message, '2 OpenAPI-3.x-Beschreibungen sind lesbar');
  });

  it('words the OAuth metadata findings in German', async () => {
    const resource = await inGerman(oauthProtectedResource, {
      '/.well-known/oauth-protected-resource': jsonDoc({ resource: site.url, authorization_servers: [site.url] }),
      '/.well-known/oauth-authorization-server': jsonDoc({
        issuer: site.url,
        response_types_supported: ['code'],
        token_endpoint: `${site.url}/token`,
      }),
      '/token': { type: 'application/json', body: '{"error":"invalid_client"}', status: 401 },
    });
    assert.equal(resource.message, `Ressource ${site.url}/, 1 Autorisierungsserver`);
    const decorative = await inGerman(oauthProtectedResource, {
      '/.well-known/oauth-protected-resource': jsonDoc({ resource: site.url, bearer_methods_supported: [] }),
    });
    assert.equal(
      decorative.message,
      'die Metadaten nehmen ein Bearer-Token auf keinem Weg an („bearer_methods_supported“ ist leer): hier ist nichts geschützt',
    );
    const dead = await inGerman(oauthAuthorizationServer, {
      '/.well-known/oauth-authorization-server': jsonDoc({
        issuer: site.url,
        response_types_supported: ['code'],
        token_endpoint: '/token',
      }),
    });
    assert.equal(dead.message, 'die in den Metadaten unter token_endpoint genannte URL antwortet mit 404');
    assert.match(dead.fix!, /^Stellen Sie den Token-Endpunkt bereit/);
  });

  it('words the MCP server card and the connection in German, the site’s own words kept', async () => {
    const card = { name: 'acme-docs', remotes: [{ type: 'streamable-http', url: '/mcp' }] };
    const found = await inGerman(mcpServerCard, {
      '/.well-known/ai-catalog.json': jsonDoc({
        entries: [{ type: 'application/mcp-server-card+json', url: '/card' }],
      }),
      '/card': jsonDoc(card),
    });
    assert.equal(found.message, `Server acme-docs unter ${site.url}/mcp (über den AI-Katalog gefunden)`);
    const page = await inGerman(mcpConnect, {
      '/.well-known/mcp/server-card.json': jsonDoc(card),
      '/mcp': htmlDoc('<!doctype html><div id="root"></div>'),
    });
    assert.equal(page.status, 'fail');
    assert.match(page.message, /\/mcp antwortet mit einer Webseite statt mit MCP: der MCP-Client erhielt text\/html/);
    assert.match(page.fix!, /^Sorgen Sie dafür, dass der Endpunkt aus der Server-Card/);
  });

  it('words Web Bot Auth and the AI catalog in German, with German plurals', async () => {
    const none = await inGerman(webBotAuth, {});
    assert.equal(none.status, 'skip');
    assert.match(none.message, /^kein Schlüsselverzeichnis für Web Bot Auth/);
    const notJwk = await inGerman(webBotAuth, {
      '/.well-known/http-message-signatures-directory': jsonDoc({ keys: [{ kty: 'oct', kid: 'k1' }] }),
    });
    assert.equal(notJwk.message, 'die kid eines Schlüssels ist nicht sein JWK-Thumbprint');
    assert.equal(notJwk.evidence.value, 'kid k1, kein Thumbprint (kein JWK)');
    const entry = (name: string) => ({
      identifier: `urn:air:acme.example:skill:${name}`,
      type: 'application/x-skill',
      url: `/${name}`,
      displayName: name,
    });
    const catalog = await inGerman(ard, {
      '/.well-known/ai-catalog.json': jsonDoc({ entries: [entry('quote'), entry('book')] }),
    });
    assert.equal(catalog.message, 'AI-Katalog mit 2 urn:air-Einträgen');
  });
});
