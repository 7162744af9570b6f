// The /agent responses' headers in the order they are sent: the content type, the budget's RateLimit
// headers, then the version and CORS headers, whatever answered (a route, an error, an unknown
// path or method, a preflight).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../../helpers/app.ts';

const rateLimitNames = ['ratelimit-policy', 'ratelimit', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'];
const versionNames = ['api-version', 'access-control-allow-origin', 'access-control-expose-headers'];

describe('header order of /agent responses', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ TRUST_PROXY: 'loopback' });
  });
  after(() => app.stop());

  const namesOf = async (
    method: 'GET' | 'POST' | 'OPTIONS' | 'PROPFIND',
    url: string,
    body?: string,
  ): Promise<[number, string[]]> => {
    const response = await app.app.http.inject({
      method,
      url,
      headers: { 'x-forwarded-for': '198.51.100.20', ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: body } : {}),
    });
    const names = Object.keys(response.headers).filter((name) => !['date', 'connection'].includes(name));
    return [response.statusCode, names];
  };

  it('sends health with its type, the shared budget, then the version and CORS headers', async () => {
    for (const url of ['/agent/health', '/agent/v1/health']) {
      assert.deepEqual(await namesOf('GET', url), [
        200,
        ['content-type', ...rateLimitNames, ...versionNames, 'content-length'],
      ]);
    }
  });

  it('keeps that order for an error, a path with no endpoint and a preflight', async () => {
    const sent = ['content-type', ...rateLimitNames, ...versionNames, 'content-length'];
    assert.deepEqual(await namesOf('POST', '/agent/contact', '{}'), [400, sent]);
    assert.deepEqual(await namesOf('GET', '/agent/nowhere'), [404, sent]);
    assert.deepEqual(await namesOf('PROPFIND', '/agent/health'), [405, ['allow', ...sent]]);
    assert.deepEqual(await namesOf('OPTIONS', '/agent/health'), [
      204,
      [
        'allow',
        'access-control-allow-methods',
        'access-control-allow-headers',
        'access-control-max-age',
        ...rateLimitNames,
        ...versionNames,
      ],
    ]);
  });
});
