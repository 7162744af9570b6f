// Front mode as an HTTP intermediary on real sockets (RFC 9110 7.6): what the origin may answer
// (a lone Set-Cookie, trailers, hop-by-hop headers) and what a client may send (forwarding claims,
// hop-by-hop headers, Expect: 100-continue, odd queries, chunked uploads, pipelined requests past a
// turn's budget) reach the other side as a proxy must pass them, and none of it ends the process.
import { strict as assert } from 'node:assert';
import { request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { openRaw } from '../helpers/raw-http.ts';
import { type ScriptedOrigin, startScriptedOrigin } from './scripted-origin.ts';

const megabyte = 1024 * 1024;
let origin: ScriptedOrigin;
let product: TestApp;
let port: number;

before(async () => {
  origin = await startScriptedOrigin();
  origin.on('/session', (_request, response) => {
    // One cookie: Node's client hands a lone Set-Cookie as a string, not a list.
    response.writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'PHPSESSID=abc; Path=/' }).end('session');
  });
  origin.on('/trailers', (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain', trailer: 'x-checksum' });
    response.write('part one, ');
    response.addTrailers({ 'x-checksum': 'abc' });
    response.end('part two');
  });
  origin.on('/hop', (_request, response) => {
    response.writeHead(200, {
      'content-type': 'text/plain',
      connection: 'x-private',
      'x-private': 'for the next hop only',
      'keep-alive': 'timeout=17, max=9',
      'proxy-authenticate': 'Basic',
      upgrade: 'h2c',
      'x-kept': 'yes',
    });
    response.end('hop');
  });
  origin.on('/cookies', (_request, response) => {
    response.writeHead(200, {
      'content-type': 'text/plain',
      'set-cookie': [
        'a=1; Path=/; Path=/agent',
        'b=2; path = /agent',
        'c=3; Path=/agent; Path=/',
        'd=4; Path=/llms.txt',
      ],
    });
    response.end('cookies');
  });
  origin.on('/upload', (_request, response, body) => {
    response.writeHead(200, { 'content-type': 'text/plain' }).end(`got ${body.length} bytes`);
  });
  product = await startTestApp({ ORIGIN_URL: origin.url, ORIGIN_TIMEOUT_MS: '2000', ORIGIN_REQUEST_BODY_MB: '2' });
  port = Number(new URL(product.baseUrl).port);
});
after(async () => {
  await product?.stop();
  await origin?.close();
});

/** One raw request on its own connection; the whole answer once the product closes it. */
async function raw(text: string): Promise<string> {
  const connection = await openRaw(port, text);
  return (await connection.closed).text;
}

const lastSeen = () => origin.seen.at(-1);

describe('front mode answers from the origin', () => {
  it('passes a lone Set-Cookie through and keeps answering', async () => {
    const response = await fetch(`${product.baseUrl}/session`);
    assert.equal(response.status, 200);
    assert.deepEqual(response.headers.getSetCookie(), ['PHPSESSID=abc; Path=/']);
    assert.equal((await fetch(`${product.baseUrl}/agent/health`)).status, 200);
  });

  it('passes a chunked answer that declares trailers to HTTP/1.1 and HTTP/1.0 clients', async () => {
    const eleven = await raw('GET /trailers HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    assert.match(eleven, /^HTTP\/1\.1 200/);
    assert.doesNotMatch(eleven, /^trailer:/im);
    assert.match(eleven, /part one, /);
    const ten = await raw('GET /trailers HTTP/1.0\r\nHost: localhost\r\n\r\n');
    assert.match(ten, /^HTTP\/1\.1 200/);
    assert.match(ten, /part one, part two$/);
    assert.equal((await fetch(`${product.baseUrl}/agent/health`)).status, 200);
  });

  it("drops the origin's hop-by-hop headers and those its Connection names", async () => {
    const response = await fetch(`${product.baseUrl}/hop`);
    assert.equal(response.status, 200);
    for (const name of ['x-private', 'proxy-authenticate', 'upgrade'])
      assert.equal(response.headers.get(name), null, name);
    // The product's own connection may carry its own Keep-Alive, never the origin's.
    assert.doesNotMatch(response.headers.get('keep-alive') ?? '', /17/);
    assert.equal(response.headers.get('x-kept'), 'yes');
  });

  it("drops cookies for the product's paths however their Path is written (the last Path counts)", async () => {
    const response = await fetch(`${product.baseUrl}/cookies`);
    assert.deepEqual(response.headers.getSetCookie(), ['c=3; Path=/agent; Path=/']);
  });
});

describe('front mode requests to the origin', () => {
  it('writes Forwarded and X-Forwarded-* itself and drops what the client claimed', async () => {
    const answer = await raw(
      [
        'GET /page HTTP/1.1',
        'Host: localhost',
        'Forwarded: for=203.0.113.66;host=evil.example',
        'X-Forwarded-For: 203.0.113.66',
        'X-Forwarded-Host: evil.example',
        'X-Forwarded-Prefix: /admin',
        'X-Real-IP: 203.0.113.66',
        'X-Original-URL: /admin',
        'X-Rewrite-URL: /admin',
        'Connection: close',
        '',
        '',
      ].join('\r\n'),
    );
    assert.match(answer, /^HTTP\/1\.1 200/);
    const { headers } = lastSeen()!;
    // BASE_URL's host, as the test app configures it.
    const publicHost = `localhost:${port}`;
    assert.equal(headers['x-forwarded-for'], '127.0.0.1');
    assert.equal(headers['x-forwarded-host'], publicHost);
    assert.equal(headers['x-forwarded-proto'], 'http');
    assert.equal(headers.forwarded, `for=127.0.0.1;host="${publicHost}";proto=http`);
    for (const name of ['x-real-ip', 'x-original-url', 'x-rewrite-url', 'x-forwarded-prefix'])
      assert.equal(headers[name], undefined, name);
  });

  it('drops hop-by-hop request headers, so Keep-Alive and a bare Upgrade get the page', async () => {
    const answer = await raw(
      [
        'GET /page HTTP/1.1',
        'Host: localhost',
        'Connection: close, x-secret',
        'X-Secret: for this hop',
        'Keep-Alive: timeout=5',
        'Upgrade: websocket',
        'TE: trailers',
        'Proxy-Authorization: Basic Zm9vOmJhcg==',
        'X-Kept: yes',
        '',
        '',
      ].join('\r\n'),
    );
    assert.match(answer, /^HTTP\/1\.1 200/);
    assert.match(answer, /the origin page/);
    const { headers } = lastSeen()!;
    for (const name of ['x-secret', 'keep-alive', 'upgrade', 'te', 'proxy-authorization'])
      assert.equal(headers[name], undefined, name);
    assert.equal(headers['x-kept'], 'yes');
  });

  it('passes the query string exactly as sent', async () => {
    for (const query of ['?q=100%', '?next=../account', '?a=%2F&b=%zz&c=é'.replace('é', '%C3%A9')]) {
      const answer = await raw(`GET /search${query} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      assert.match(answer, /^HTTP\/1\.1 200/, query);
      assert.equal(lastSeen()?.target, `/search${query}`);
    }
  });

  it('answers Expect: 100-continue and passes an upload over 1 MiB', async () => {
    const body = Buffer.alloc(megabyte + 512 * 1024, 7);
    const answer = await new Promise<{ status: number; text: string; continued: boolean }>((resolve, reject) => {
      let continued = false;
      const request = httpRequest(`${product.baseUrl}/upload`, {
        method: 'POST',
        headers: { expect: '100-continue', 'content-type': 'application/octet-stream', 'content-length': body.length },
      });
      request.on('continue', () => {
        continued = true;
        request.end(body);
      });
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text, continued }));
      });
      request.on('error', reject);
    });
    assert.equal(answer.continued, true, 'the product sent 100 Continue');
    assert.equal(answer.status, 200);
    assert.equal(answer.text, `got ${body.length} bytes`);
    assert.equal(lastSeen()?.headers.expect, undefined);
  });

  it('refuses a chunked upload over ORIGIN_REQUEST_BODY_MB with 413', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(`${product.baseUrl}/upload`, { method: 'POST' });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      // Chunked (no Content-Length), in parts, past the 2 MiB bound.
      const part = Buffer.alloc(256 * 1024, 1);
      let sent = 0;
      const write = (): void => {
        while (sent < 12) {
          sent += 1;
          if (!request.write(part)) return void request.once('drain', write);
        }
        request.end();
      };
      write();
    });
    assert.equal(status, 413);
    assert.equal((await fetch(`${product.baseUrl}/agent/health`)).status, 200);
  });

  it('answers pipelined requests in order when a turn holds more than its budget, its own ones too', async () => {
    // Read in one turn: more page views than the turn's budget, then a request the product answers.
    const pages = Array.from({ length: 40 }, (_, index) => `GET /page?n=${index} HTTP/1.1\r\nHost: x\r\n\r\n`);
    const text = await raw(`${pages.join('')}GET /agent/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    const answers = text.split(/(?=HTTP\/1\.1 \d{3} )/);
    assert.equal(answers.length, 41);
    for (const answer of answers.slice(0, 40)) assert.match(answer, /^HTTP\/1\.1 200.*the origin page/s);
    assert.match(answers[40] as string, /^HTTP\/1\.1 200.*application\/json/s);
    assert.deepEqual(
      origin.seen.slice(-40).map(({ target }) => target),
      pages.map((_, index) => `/page?n=${index}`),
    );
  });
});
