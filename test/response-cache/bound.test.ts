// The one bound on what the service keeps: a site whose every page and compressed variant cannot
// fit evicts the least recently used, stays under the bound, and answers exactly as a roomy one.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { buildSiteApp, type SiteApp } from '../site/site-app.ts';

const tinyBound = 256 * 1024;

describe('the response cache bound', () => {
  let roomy: SiteApp;
  let tiny: SiteApp;
  before(async () => {
    [roomy, tiny] = await Promise.all([buildSiteApp(), buildSiteApp({}, { responseCacheBytes: tinyBound })]);
  });
  after(async () => {
    await Promise.all([roomy.app.close(), tiny.app.close()]);
  });

  /** Every page as HTML (brotli, as a browser asks) and as markdown, and a few filtered indexes. */
  const requests = (site: SiteApp): { url: string; headers: Record<string, string> }[] => [
    ...site.content.pages.map((page) => ({ url: page.path, headers: { 'accept-encoding': 'br' } })),
    ...site.content.pages.map((page) => ({ url: page.path, headers: { accept: 'text/markdown' } })),
    { url: '/case-studies?page=2', headers: { 'accept-encoding': 'gzip' } },
    { url: '/search?q=pipeline', headers: {} },
  ];

  const read = async (site: SiteApp, request: { url: string; headers: Record<string, string> }) => {
    const response = await site.app.inject({ method: 'GET', ...request });
    const coding = response.headers['content-encoding'];
    const body =
      coding === 'br'
        ? zlib.brotliDecompressSync(response.rawPayload)
        : coding === 'gzip'
          ? zlib.gunzipSync(response.rawPayload)
          : response.rawPayload;
    // A page drawn again after an eviction (its charts included) is the same bytes, so the same ETag.
    return {
      status: response.statusCode,
      type: response.headers['content-type'],
      etag: response.headers.etag,
      text: body.toString('utf8'),
    };
  };

  it('evicts past the bound, stays under it, and answers every page as a roomy cache does', async () => {
    assert.ok(tiny.content.pages.length > 10, 'enough pages to fill the bound');
    for (const round of [1, 2]) {
      for (const request of requests(tiny)) {
        const [expected, actual] = [await read(roomy, request), await read(tiny, request)];
        assert.equal(actual.status, expected.status, `${request.url} (round ${round})`);
        assert.equal(actual.type, expected.type, request.url);
        assert.equal(actual.etag, expected.etag, `${request.url} has the same ETag`);
        assert.ok(actual.text === expected.text, `${request.url} has the same text`);
      }
    }
    const kept = tiny.responseCache.stats();
    assert.ok(kept.bytes <= tinyBound, `${kept.bytes} bytes kept, bound ${tinyBound}`);
    assert.ok(kept.evictions > 0, 'entries were evicted');
    const roomyKept = roomy.responseCache.stats();
    assert.equal(roomyKept.evictions, 0, 'a roomy cache keeps everything');
    assert.ok(roomyKept.bytes > tinyBound, 'the pages did not fit the tiny bound');
  });

  it('answers a page kept a moment ago from the cache', async () => {
    const request = { url: '/', headers: { 'accept-encoding': 'br' } };
    await read(tiny, request);
    const before = tiny.responseCache.stats().byUse.body?.hits ?? 0;
    await read(tiny, request);
    assert.equal(tiny.responseCache.stats().byUse.body?.hits, before + 1);
  });
});
