// FixedBody and the Accept-Encoding choice: each compressed variant is made once and shared, and
// the client's q-values decide between brotli, gzip and no coding.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import zlib from 'node:zlib';
import { chooseCoding, compressionThreshold, FixedBody } from '../../src/http/fixed-body.ts';
import { ResponseCache } from '../../src/cache/response-cache.ts';

const text = 'B2B pipeline marketing. '.repeat(200);

describe('FixedBody', () => {
  it('compresses once: concurrent first requests share one compression and later ones get the same bytes', async () => {
    const body = new FixedBody(text, 'text/plain; charset=utf-8', new ResponseCache(1 << 20));
    const first = body.bytes('br');
    assert.equal(body.bytes('br'), first, 'the pending compression is shared');
    const bytes = await first;
    assert.equal(body.bytes('br'), bytes, 'kept, not made again');
    assert.equal(zlib.brotliDecompressSync(bytes).toString(), text);
    assert.equal(zlib.gunzipSync(await body.bytes('gzip')).toString(), text);
    assert.equal(body.bytes('identity'), body.identity);
  });

  it('is compressible only from the threshold up', () => {
    const cache = new ResponseCache(1 << 20);
    assert.equal(new FixedBody('x'.repeat(compressionThreshold - 1), 'text/plain', cache).compressible, false);
    assert.equal(new FixedBody('x'.repeat(compressionThreshold), 'text/plain', cache).compressible, true);
  });
});

describe('chooseCoding', () => {
  const cases: [string | undefined, string][] = [
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.9, gzip;q=0.9', 'br'],
    ['br;q=0, *', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['deflate', 'identity'],
    ['identity', 'identity'],
  ];
  for (const [header, expected] of cases) {
    it(`answers ${JSON.stringify(header)} with ${expected}`, () => assert.equal(chooseCoding(header), expected));
  }
});
