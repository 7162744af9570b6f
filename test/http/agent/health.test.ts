import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startRecordedApp, type ApiClient } from './contract-recorder.ts';

describe('GET /agent/health', () => {
  let api: ApiClient;
  startRecordedApp(
    { BASE_URL: 'https://verto.example', MCP_URL: 'https://mcp.verto.example/mcp' },
    (_started, client) => {
      api = client;
    },
  );

  it('reports ok with absolute endpoint URIs built from BASE_URL and MCP_URL', async () => {
    const response = await api.request('GET', '/agent/health');
    assert.equal(response.status, 200);
    assert.equal(response.body.status, 'ok');
    assert.equal(response.body.service, 'agentsite');
    assert.ok(!Number.isNaN(Date.parse(response.body.time)));
    assert.deepEqual(response.body.endpoints, {
      contact: 'https://verto.example/agent/contact',
      openapi: 'https://verto.example/agent/openapi.json',
      catalog: 'https://verto.example/.well-known/api-catalog',
      mcp: 'https://mcp.verto.example/mcp',
    });
  });

  it('answers compact JSON with its fields in the contract order, as JSON.stringify writes them', async () => {
    const response = await api.request('GET', '/agent/health');
    assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.deepEqual(Object.keys(response.body), ['status', 'service', 'version', 'time', 'endpoints']);
    assert.deepEqual(Object.keys(response.body.endpoints), ['contact', 'openapi', 'catalog', 'mcp']);
    assert.equal(response.text, JSON.stringify(response.body));
    assert.equal(response.headers.get('content-length'), String(Buffer.byteLength(response.text)));
  });

  it('names no secret and no upstream in its body', async () => {
    const response = await api.request('GET', '/agent/health');
    assert.doesNotMatch(response.text, /hubspot|smtp|webhook|secret|token/i);
  });

  it('answers at the pinned path with links to the pinned contract', async () => {
    const response = await api.request('GET', '/agent/v1/health');
    assert.equal(response.status, 200);
    assert.equal(response.body.endpoints.openapi, 'https://verto.example/agent/v1/openapi.json');
  });

  it('carries API-Version, CORS and the shared rate-limit headers', async () => {
    const response = await api.request('GET', '/agent/health', { headers: { origin: 'https://elsewhere.example' } });
    assert.equal(response.headers.get('api-version'), '1');
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.match(response.headers.get('access-control-expose-headers') ?? '', /RateLimit-Remaining/);
    assert.equal(response.headers.get('ratelimit-policy'), '"general-minute";q=300;w=60');
    assert.match(response.headers.get('ratelimit') ?? '', /^"general-minute";r=\d+;t=\d+$/);
    assert.equal(response.headers.get('ratelimit-limit'), '300');
    assert.ok(Number(response.headers.get('ratelimit-remaining')) < 300);
    assert.ok(Number(response.headers.get('ratelimit-reset')) >= 1);
    assert.equal(response.headers.get('deprecation'), null);
    assert.equal(response.headers.get('sunset'), null);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await api.request('HEAD', '/agent/health');
    assert.equal(response.status, 200);
    assert.equal(response.text, '');
    assert.equal(response.headers.get('api-version'), '1');
  });

  it('answers OPTIONS (CORS preflight) with Allow', async () => {
    const response = await api.request('OPTIONS', '/agent/health', {
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
    });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('allow'), 'GET, HEAD, OPTIONS');
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.match(response.headers.get('access-control-allow-methods') ?? '', /GET/);
  });

  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
    it(`refuses ${method} with 405, Allow and a JSON body`, async () => {
      const response = await api.request(method, '/agent/v1/health');
      assert.equal(response.status, 405);
      assert.equal(response.headers.get('allow'), 'GET, HEAD, OPTIONS');
      assert.equal(response.body.status, 'method_not_allowed');
      assert.ok(response.headers.get('ratelimit-policy'));
    });
  }

  it('answers an unknown /agent path with a JSON 404 carrying the standard headers', async () => {
    for (const path of ['/agent/nope', '/agent', '/agent/v9/health', '/agent/health/']) {
      const response = await api.request('GET', path);
      assert.equal(response.status, 404, path);
      assert.equal(response.body.status, 'not_found');
      assert.equal(response.headers.get('api-version'), '1');
      assert.ok(response.headers.get('ratelimit'));
    }
  });

  it('answers a URL that does not decode with a JSON 400 carrying the standard headers', async () => {
    const response = await api.request('GET', '/agent/%zz');
    assert.equal(response.status, 400);
    assert.deepEqual(
      response.body.errors.map((e: { field: string }) => e.field),
      ['url'],
    );
    assert.equal(response.headers.get('api-version'), '1');
    assert.ok(response.headers.get('ratelimit'));
  });
});
