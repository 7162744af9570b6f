// Pages, their markdown twins and the site's documents are revalidated, not sent again: over real
// HTTP each answers with a strong ETag per content coding and Cache-Control, a request holding
// that ETag gets a 304 with no body and the same validator, caching and Vary headers, and every
// answer goes through the routes and hooks, so metrics and agent insight count 200s and 304s alike.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { sample, scrapeMetrics } from '../helpers/metrics.ts';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res
          .on('data', (chunk: Buffer) => chunks.push(chunk))
          .on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
}

const variants: Record<string, Record<string, string>> = {
  'html, brotli': { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
  'html, gzip': { accept: 'text/html', 'accept-encoding': 'gzip' },
  'html, identity': { accept: 'text/html' },
  'markdown, brotli': { accept: 'text/markdown', 'accept-encoding': 'br' },
};

/** The headers a 304 repeats from the 200 it stands for. */
const revalidated = ['etag', 'cache-control', 'vary', 'content-type'] as const;

describe('revalidating pages and documents', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ METRICS_PORT: '0' });
  });
  after(() => t?.stop());

  it('answers a request holding the ETag with 304 and no body, in each negotiated variant', async () => {
    const urls = ['/', '/about', '/case-studies?service=demand-generation&page=2', '/markdown/home.md', '/llms.txt'];
    for (const url of urls) {
      const tags = new Set<string>();
      for (const [name, headers] of Object.entries(variants)) {
        const full = await get(`${t.baseUrl}${url}`, headers);
        assert.equal(full.status, 200, `${url} ${name}`);
        const etag = full.headers.etag!;
        assert.match(etag, /^"[\w-]+"$/, `${url} ${name}: a strong validator`);
        assert.match(full.headers['cache-control'] ?? '', /max-age=\d+/, `${url} ${name}`);
        tags.add(etag);
        const again = await get(`${t.baseUrl}${url}`, headers);
        assert.deepEqual(again.body, full.body, `${url} ${name}: the same bytes again`);
        const conditional = await get(`${t.baseUrl}${url}`, { ...headers, 'if-none-match': `"other", ${etag}` });
        assert.equal(conditional.status, 304, `${url} ${name}`);
        assert.equal(conditional.body.length, 0);
        for (const header of revalidated) assert.equal(conditional.headers[header], full.headers[header], header);
      }
      assert.ok(tags.size >= 2, `${url}: each coding or twin has its own ETag`);
    }
  });

  it('sends the whole body when the ETag held is another, or the request is a HEAD', async () => {
    const full = await get(`${t.baseUrl}/services`, variants['html, brotli']);
    const stale = await get(`${t.baseUrl}/services`, { ...variants['html, brotli'], 'if-none-match': '"stale"' });
    assert.equal(stale.status, 200);
    assert.deepEqual(stale.body, full.body);
    const gzip = await get(`${t.baseUrl}/services`, { ...variants['html, gzip'], 'if-none-match': full.headers.etag! });
    assert.equal(gzip.status, 200, 'the brotli ETag does not validate the gzip bytes');
    const head = await get(`${t.baseUrl}/services`, variants['html, brotli'], 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.headers.etag, full.headers.etag);
    assert.equal(head.body.length, 0);
  });

  it('counts 200s and 304s of pages in metrics and agent insight through the ordinary hooks', async () => {
    const series = (status: number): string =>
      `agentsite_http_requests_total{method="GET",route="/*",status="${status}"}`;
    const counts = async (): Promise<[number, number]> => {
      const text = await scrapeMetrics(t.app.metrics!.port);
      return [sample(text, series(200)) ?? 0, sample(text, series(304)) ?? 0];
    };
    const visits = async (): Promise<number> => {
      await t.app.services.insight.flush();
      const rows = await t.app.services.store.db
        .selectFrom('insight_visits')
        .select(['count'])
        .where('surface', '=', 'page-html')
        .where('item', '=', '/contact')
        .execute();
      return rows.reduce((sum, row) => sum + Number(row.count), 0);
    };
    const [before200, before304] = await counts();
    const visitsBefore = await visits();
    const { etag } = (await get(`${t.baseUrl}/contact`, variants['html, brotli'])).headers;
    for (let i = 0; i < 3; i += 1) await get(`${t.baseUrl}/contact`, variants['html, brotli']);
    for (let i = 0; i < 2; i += 1)
      assert.equal(
        (await get(`${t.baseUrl}/contact`, { ...variants['html, brotli'], 'if-none-match': etag! })).status,
        304,
      );
    assert.deepEqual(await counts(), [before200 + 4, before304 + 2]);
    assert.ok((await visits()) >= visitsBefore + 4, 'each page answer is an insight visit');
  });
});
