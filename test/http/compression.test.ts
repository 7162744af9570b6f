// Compression of the fixed bodies over real HTTP on the whole service: brotli or gzip by the
// client's Accept-Encoding (q-values), Vary, ETag and Content-Length per coding, HEAD, 304, and
// small bodies left alone.
import { strict as assert } from 'node:assert';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { startTestApp, type TestApp } from '../helpers/app.ts';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose body comes back exactly as sent on the wire (fetch would decode it). */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
}

const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync } as const;

let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(async () => app.stop());

// One of each kind of fixed body: HTML, markdown (two ways), llms files, JSON documents, the REST page.
const compressible: [string, Record<string, string>][] = [
  ['/', {}],
  ['/case-studies', {}],
  ['/about', { accept: 'text/markdown' }],
  ['/markdown/case-studies.md', {}],
  ['/llms.txt', {}],
  ['/llms-full.txt', {}],
  ['/.well-known/ai-catalog.json', {}],
  ['/.well-known/mcp/server-card.json', {}],
  ['/agent/openapi.json', {}],
  ['/agent/case-studies?limit=20', {}],
  ['/search?q=pipeline', {}],
];

describe('compression of fixed bodies', () => {
  for (const [path, headers] of compressible) {
    it(`sends ${path} as brotli or gzip, whichever the client prefers, and the same bytes decoded`, async () => {
      const plain = await raw(`${app.baseUrl}${path}`, headers);
      assert.equal(plain.status, 200);
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.match(String(plain.headers.vary), /Accept-Encoding/);
      for (const [accept, coding] of [
        ['gzip, deflate, br', 'br'],
        ['br;q=0.5, gzip', 'gzip'],
        ['br;q=0, *', 'gzip'],
      ] as const) {
        const res = await raw(`${app.baseUrl}${path}`, { ...headers, 'accept-encoding': accept });
        assert.equal(res.headers['content-encoding'], coding, accept);
        assert.match(String(res.headers.vary), /Accept-Encoding/);
        assert.equal(Number(res.headers['content-length']), res.body.length);
        assert.ok(res.body.length < plain.body.length, `${coding} is smaller`);
        assert.deepEqual(decode[coding](res.body), plain.body);
        assert.equal(res.headers['content-type'], plain.headers['content-type']);
      }
    });
  }

  it('answers HEAD with the headers of the GET it stands for, per coding', async () => {
    for (const coding of ['br', 'gzip', 'identity']) {
      const get = await raw(`${app.baseUrl}/llms-full.txt`, { 'accept-encoding': coding });
      const head = await raw(`${app.baseUrl}/llms-full.txt`, { 'accept-encoding': coding }, 'HEAD');
      assert.equal(head.body.length, 0);
      for (const name of ['content-length', 'content-encoding', 'etag', 'vary', 'content-type']) {
        assert.equal(head.headers[name], get.headers[name], `${coding} ${name}`);
      }
    }
  });

  it('gives each coding its own ETag and answers a matching If-None-Match with 304', async () => {
    const br = await raw(`${app.baseUrl}/`, { 'accept-encoding': 'br' });
    const gzip = await raw(`${app.baseUrl}/`, { 'accept-encoding': 'gzip' });
    const identity = await raw(`${app.baseUrl}/`);
    const tags = [br, gzip, identity].map((res) => res.headers.etag);
    assert.equal(new Set(tags).size, 3, tags.join(' '));
    const again = await raw(`${app.baseUrl}/`, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
    assert.equal(again.headers.etag, br.headers.etag);
    const otherCoding = await raw(`${app.baseUrl}/`, { 'accept-encoding': 'gzip', 'if-none-match': br.headers.etag! });
    assert.equal(otherCoding.status, 200, 'a brotli tag does not validate the gzip body');
  });

  it('leaves bodies under 1 KB uncompressed and without Vary: Accept-Encoding', async () => {
    const res = await raw(`${app.baseUrl}/.well-known/jwks.json`, { 'accept-encoding': 'br, gzip' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-encoding'], undefined);
    assert.doesNotMatch(String(res.headers.vary ?? ''), /Accept-Encoding/);
    assert.deepEqual(JSON.parse(res.body.toString()), { keys: [] });
  });

  it('compresses the 404 page when the client accepts brotli', async () => {
    const res = await raw(`${app.baseUrl}/no-such-page`, { 'accept-encoding': 'br' });
    assert.equal(res.status, 404);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.match(decode.br(res.body).toString(), /<html/);
  });
});
