// The OAuth checks against a site and a separate authorization server, both local: a real server
// (token endpoint answering a token request with an OAuth error, a JWKS), decorative metadata whose
// endpoints answer 404 or a web page, and metadata saying nothing is protected.
import { strict as assert } from 'node:assert';
import type http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { recordingServer, type RecordingServer } from '../domain/audit/recording-server.ts';
import { checkOf, documentSite, htmlDoc, jsonDoc, type DocumentSite } from './document-site.ts';

/** What the authorization server serves at each path; the token endpoint answers by method. */
let served: Record<string, { status: number; type: string; body: string }> = {};
let tokenRequests: { method: string; body: string }[] = [];
let server: RecordingServer;
let site: DocumentSite;

function authorizationServer(request: http.IncomingMessage, response: http.ServerResponse): void {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/token') tokenRequests.push({ method: request.method ?? '', body });
    const doc = served[path];
    if (!doc) return void response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    response.writeHead(doc.status, { 'content-type': doc.type }).end(doc.body);
  });
}

const json = (value: unknown, status = 200) => ({ status, type: 'application/json', body: JSON.stringify(value) });
const metadata = (fields: Record<string, unknown>) =>
  json({ issuer: server.url, response_types_supported: ['code'], ...fields });
const realToken = json({ error: 'invalid_client', error_description: 'Client authentication failed' }, 401);
const spaPage = { status: 200, type: 'text/html', body: '<!doctype html><div id="app"></div>' };

before(async () => {
  server = await recordingServer(authorizationServer);
  site = await documentSite();
});
after(async () => {
  await server?.close();
  await site?.close();
});

function protectedBy(fields: Record<string, unknown> = { authorization_servers: [server.url] }): void {
  site.docs = {
    '/': htmlDoc('<title>Acme API</title>'),
    '/.well-known/oauth-protected-resource': jsonDoc({ resource: `${site.url}/`, ...fields }),
  };
}

describe('the OAuth checks', () => {
  it('pass a resource whose authorization server answers a token request with an OAuth error, asking it once', async () => {
    protectedBy();
    served = {
      '/.well-known/oauth-authorization-server': metadata({
        token_endpoint: `${server.url}/token`,
        authorization_endpoint: `${server.url}/authorize`,
        jwks_uri: `${server.url}/jwks`,
      }),
      '/token': realToken,
      '/authorize': { status: 400, type: 'text/html', body: '<p>missing client_id</p>' },
      '/jwks': json({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'abc' }] }),
    };
    tokenRequests = [];
    const report = await site.audit();
    assert.equal(checkOf(report, 'oauth-protected-resource').status, 'pass');
    assert.equal(checkOf(report, 'oauth-authorization-server').status, 'pass');
    assert.deepEqual(tokenRequests, [{ method: 'POST', body: 'grant_type=client_credentials' }]);
  });

  it('fail decorative metadata whose endpoints answer 404, in both checks', async () => {
    protectedBy();
    served = {
      '/.well-known/oauth-authorization-server': metadata({
        token_endpoint: `${server.url}/token`,
        authorization_endpoint: `${server.url}/authorize`,
      }),
    };
    const report = await site.audit();
    const resource = checkOf(report, 'oauth-protected-resource');
    assert.equal(resource.status, 'fail');
    assert.equal(
      resource.message,
      `its authorization server ${server.url} does not answer as one: the metadata's token_endpoint answers 404`,
    );
    assert.equal(resource.evidence.value, `${server.url}/token`);
    const authorization = checkOf(report, 'oauth-authorization-server');
    assert.equal(authorization.status, 'fail');
    assert.equal(authorization.message, "the metadata's token_endpoint answers 404");
  });

  it('fail a token endpoint that answers a token request with a web page, and a JWKS that is a web page', async () => {
    protectedBy();
    served = {
      '/.well-known/oauth-authorization-server': metadata({
        token_endpoint: `${server.url}/token`,
        jwks_uri: `${server.url}/jwks`,
      }),
      '/token': spaPage,
      '/jwks': spaPage,
    };
    const token = checkOf(await site.audit(), 'oauth-authorization-server');
    assert.equal(token.status, 'fail');
    assert.equal(
      token.message,
      "the metadata's token_endpoint answers a token request with 200 and no OAuth error: it is no token endpoint",
    );
    served['/token'] = realToken;
    const jwks = checkOf(await site.audit(), 'oauth-authorization-server');
    assert.equal(jwks.status, 'fail');
    assert.equal(jwks.message, "the metadata's jwks_uri answers 200 with no key set");
  });

  it('fail a server that names no token endpoint, and a resource that names no server', async () => {
    protectedBy();
    served = { '/.well-known/oauth-authorization-server': metadata({ jwks_uri: `${server.url}/jwks` }) };
    const noToken = checkOf(await site.audit(), 'oauth-authorization-server');
    assert.equal(noToken.status, 'fail');
    assert.match(noToken.message, /names no token_endpoint, which RFC 8414 requires/);
    protectedBy({});
    const noServer = checkOf(await site.audit(), 'oauth-protected-resource');
    assert.equal(noServer.status, 'fail');
    assert.equal(
      noServer.message,
      'the metadata names no authorization server, so no agent can learn where to get a token',
    );
  });

  it('skip, never pass, metadata that says nothing is protected and a server that issues no tokens', async () => {
    protectedBy({ authorization_servers: [server.url], bearer_methods_supported: [] });
    served = {
      '/.well-known/oauth-authorization-server': metadata({
        response_types_supported: [],
        grant_types_supported: [],
        jwks_uri: `${server.url}/jwks`,
      }),
      '/jwks': json({ keys: [] }),
    };
    const report = await site.audit();
    const resource = checkOf(report, 'oauth-protected-resource');
    assert.equal(resource.status, 'skip');
    assert.match(resource.message, /nothing here is protected/);
    const authorization = checkOf(report, 'oauth-authorization-server');
    assert.equal(authorization.status, 'skip');
    assert.match(authorization.message, /says it issues no tokens/);
  });
});
