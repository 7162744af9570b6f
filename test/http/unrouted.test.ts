// One not-found/405 answer for the whole site listener: JSON under /agent and for machine documents,
// the site's page elsewhere; never the framework's body, never the path echoed back. Faults
// anywhere on the way are answered without their text.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { contentNow } from '../../src/domain/content/live-content.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { openRaw } from '../helpers/raw-http.ts';

const frameworkBody = /Route [A-Z]+:|"statusCode"|FST_|fastify|ERR_/i;

describe('unrouted requests on the site listener', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.stop());

  // node:http rather than fetch, which refuses methods such as TRACE.
  const send = (
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: string,
  ): Promise<{ status: number; type: string; allow: string | null; text: string }> =>
    new Promise((resolve, reject) => {
      const request = http.request(`${t.baseUrl}${path}`, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response
          .on('data', (chunk: Buffer) => chunks.push(chunk))
          .on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              type: response.headers['content-type'] ?? '',
              allow: response.headers.allow ?? null,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
      });
      request.on('error', reject).end(body);
    });

  it('answers methods the site does not take at a page it serves with 405, Allow and the site page', async () => {
    for (const [method, path] of [
      ['TRACE', '/'],
      ['PROPFIND', '/about'],
      ['DELETE', '/about'],
      ['POST', '/llms.txt'],
      ['PUT', '/case-studies'],
    ]) {
      const answer = await send(method!, path!);
      assert.equal(answer.status, 405, `${method} ${path}`);
      assert.equal(answer.allow, 'GET, HEAD, OPTIONS');
      assert.match(answer.type, /^text\/html/);
      assert.match(answer.text, /<h1>Method not allowed<\/h1>/);
      assert.doesNotMatch(answer.text, frameworkBody);
    }
  });

  it('answers the 405 as markdown to a client that prefers it', async () => {
    const answer = await send('DELETE', '/about', { accept: 'text/markdown' });
    assert.equal(answer.status, 405);
    assert.match(answer.type, /^text\/markdown/);
    assert.match(answer.text, /^# Method not allowed/);
  });

  it('answers unrouted machine documents and methods on them with JSON in the API error shape', async () => {
    const cases: [string, string, number, string][] = [
      ['GET', '/.well-known/no-such-document', 404, 'not_found'],
      ['PROPFIND', '/.well-known/no-such-document', 404, 'not_found'],
      ['PUT', '/.well-known/api-catalog', 405, 'method_not_allowed'],
      ['PROPFIND', '/agent/no-such-endpoint', 404, 'not_found'],
    ];
    for (const [method, path, status, code] of cases) {
      const answer = await send(method, path);
      assert.equal(answer.status, status, `${method} ${path}`);
      assert.match(answer.type, /^application\/json/);
      assert.equal(JSON.parse(answer.text).status, code);
      assert.doesNotMatch(answer.text, frameworkBody);
    }
  });

  it('points a POST to /mcp on the site port at the MCP server', async () => {
    const answer = await send(
      'POST',
      '/mcp',
      { 'content-type': 'application/json' },
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    );
    assert.equal(answer.status, 404);
    const body = JSON.parse(answer.text);
    assert.equal(body.status, 'not_found');
    assert.ok(body.message.includes(t.app.services.config.mcpUrl));
  });

  it('never echoes the path: a 10 KB path gets the same answer as a short one', async () => {
    const long = 'a'.repeat(10_000);
    for (const [prefix, method] of [
      ['/', 'GET'],
      ['/.well-known/', 'GET'],
      ['/', 'PROPFIND'],
      ['/agent/', 'GET'],
    ]) {
      const short = await send(method!, `${prefix}b`);
      const longAnswer = await send(method!, `${prefix}${long}`);
      assert.equal(longAnswer.status, short.status, `${method} ${prefix}`);
      assert.ok(!longAnswer.text.includes('aaaaaaaaaa'), `${method} ${prefix}: the path is not in the body`);
      assert.ok(
        longAnswer.text.length <= short.text.length + 100,
        `${method} ${prefix}: the long path's answer is as long as the short one's`,
      );
    }
  });

  it('answers OPTIONS * with what the server supports and OPTIONS on a page with its methods', async () => {
    const connection = await openRaw(
      Number(new URL(t.baseUrl).port),
      'OPTIONS * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    const { text } = await connection.closed;
    assert.match(text, /^HTTP\/1\.1 204 /);
    assert.match(text, /allow: GET, HEAD, POST, OPTIONS/i);
    const page = await send('OPTIONS', '/about');
    assert.equal(page.status, 204);
    assert.equal(page.allow, 'GET, HEAD, OPTIONS');
  });

  it('answers a request target that is not a path with a 400 in the API error shape', async () => {
    const connection = await openRaw(
      Number(new URL(t.baseUrl).port),
      'GET http://elsewhere.example/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    const { text } = await connection.closed;
    assert.match(text, /^HTTP\/1\.1 400 /);
    assert.equal(JSON.parse(text.split('\r\n\r\n')[1]!).status, 'invalid_request');
  });

  it('answers a fault on a site page with the site page for a 500, without its text', async () => {
    // The folder loaded now: the services' view reads its fields through getters of its own.
    const content = contentNow(t.app.services.content);
    const original = Object.getOwnPropertyDescriptor(content, 'site')!;
    Object.defineProperty(content, 'site', {
      configurable: true,
      get: () => {
        throw new TypeError('boom at /srv/secret.ts:12');
      },
    });
    try {
      const answer = await send('GET', '/search?q=x');
      assert.equal(answer.status, 500);
      assert.doesNotMatch(answer.text, /boom|secret|TypeError/);
    } finally {
      Object.defineProperty(content, 'site', original);
    }
  });

  it("answers a fault in the rate-limit layer without Node's message, on every part of the listener", async () => {
    const limiter = t.app.services.rateLimiter;
    const { take, peek } = limiter;
    const fault = (): never => {
      throw new RangeError('The value of "prefix" is out of range. It must be >= 0 && <= 32. Received 99');
    };
    limiter.take = fault;
    limiter.peek = fault;
    try {
      for (const [method, path] of [
        ['GET', '/agent/health'],
        ['GET', '/api/contact'],
        ['GET', '/api/nothing'],
        ['GET', '/about'],
        ['POST', '/agent/identity'],
      ]) {
        const answer = await send(method!, path!, { 'x-forwarded-for': '198.51.100.7' });
        assert.ok(
          answer.status < 500 || JSON.parse(answer.text).status === 'internal_error',
          `${method} ${path}: ${answer.status}`,
        );
        assert.doesNotMatch(answer.text, /out of range|prefix|ERR_|RangeError/, `${method} ${path}`);
      }
    } finally {
      limiter.take = take;
      limiter.peek = peek;
    }
  });
});

describe('a request that arrives while the site listener shuts down', () => {
  it("is answered 503 in the API error shape and closed, not with the framework's body", async () => {
    const t = await startTestApp();
    const connection = await openRaw(
      Number(new URL(t.baseUrl).port),
      'GET /agent/health HTTP/1.1\r\nHost: localhost\r\n',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopping = t.stop();
    await new Promise((resolve) => setTimeout(resolve, 50));
    connection.socket.write('\r\n');
    const { text, closedByServer } = await connection.closed;
    await stopping;
    assert.ok(closedByServer);
    assert.match(text, /^HTTP\/1\.1 503 /);
    assert.equal(JSON.parse(text.split('\r\n\r\n')[1]!).status, 'service_unavailable');
    assert.doesNotMatch(text, frameworkBody);
  });
});
