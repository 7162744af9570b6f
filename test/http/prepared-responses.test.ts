// Responses kept whole and answered from memory before the framework: in the real service, a page
// asked for again answers with the same status, headers and bytes as its route did, in every
// negotiated variant, and is counted in metrics and agent insight like any other response; with
// a route of its own, what is not kept (HEAD, conditional, other URLs, other statuses) still runs it.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { FixedBody, sendFixed } from '../../src/http/fixed-body.ts';
import { PreparedResponses } from '../../src/http/prepared-responses.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { sample, scrapeMetrics } from '../helpers/metrics.ts';
import { ResponseCache } from '../../src/cache/response-cache.ts';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** GET (or another method) over a fresh connection, with the raw bytes of the body. */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res
          .on('data', (chunk: Buffer) => chunks.push(chunk))
          .on('end', () => {
            const {
              date: _date,
              connection: _connection,
              'keep-alive': _keepAlive,
              ...rest
            } = res.headers as Record<string, string>;
            resolve({ status: res.statusCode!, headers: rest, body: Buffer.concat(chunks) });
          });
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

describe('prepared responses in the real service', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ METRICS_PORT: '0' });
  });
  after(() => t?.stop());

  it('answers a page again with the status, headers and bytes its route gave, in each variant', async () => {
    const urls = ['/', '/about', '/case-studies?service=demand-generation&page=2', '/markdown/home.md', '/llms.txt'];
    for (const url of urls) {
      for (const [name, headers] of Object.entries(variants)) {
        const first = await get(`${t.baseUrl}${url}`, headers);
        assert.equal(first.status, 200, `${url} ${name}`);
        for (let i = 0; i < 2; i += 1)
          assert.deepEqual(await get(`${t.baseUrl}${url}`, headers), first, `${url} ${name}, request ${i + 2}`);
      }
    }
    const br = await get(`${t.baseUrl}/`, variants['html, brotli']);
    const md = await get(`${t.baseUrl}/`, variants['markdown, brotli']);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(md.headers['content-type'] ?? '', /^text\/markdown/);
    assert.notDeepEqual(br.body, md.body, 'the markdown twin is kept apart from the HTML');
  });

  it('keeps the site pages it answered, and no /agent answer', async () => {
    const hits = async (): Promise<number> =>
      sample(await scrapeMetrics(t.app.metrics!.port), 'agentsite_response_cache_hits_total{use="prepared"}') ?? 0;
    const kept = async (url: string): Promise<boolean> => {
      await get(`${t.baseUrl}${url}`);
      const before = await hits();
      await get(`${t.baseUrl}${url}`);
      return (await hits()) === before + 1;
    };
    assert.equal(await kept('/contact'), true, 'a page');
    assert.equal(await kept('/robots.txt'), true, 'a document');
    assert.equal(await kept('/agent/health'), false);
    assert.equal(await kept('/agent/openapi.json'), false);
  });

  it('counts pages answered from memory in metrics and agent insight, like those answered by the route', async () => {
    const before =
      sample(
        await scrapeMetrics(t.app.metrics!.port),
        'agentsite_http_requests_total{method="GET",route="/*",status="200"}',
      ) ?? 0;
    for (let i = 0; i < 5; i += 1)
      assert.equal((await get(`${t.baseUrl}/services`, variants['html, brotli'])).status, 200);
    const counted = sample(
      await scrapeMetrics(t.app.metrics!.port),
      'agentsite_http_requests_total{method="GET",route="/*",status="200"}',
    );
    assert.equal(counted, before + 5);
    await t.app.services.insight.flush();
    const rows = await t.app.services.store.db
      .selectFrom('insight_visits')
      .select(['count'])
      .where('surface', '=', 'page-html')
      .where('item', '=', '/services')
      .execute();
    assert.equal(
      rows.reduce((sum, row) => sum + Number(row.count), 0),
      5,
    );
  });
});

describe('prepared responses around a route', () => {
  let app: FastifyInstance;
  let base: string;
  let routeRuns = 0;
  const cache = new ResponseCache(1 << 20);
  const prepared = new PreparedResponses(cache);
  const served: string[] = [];
  prepared.onServed((request, response) => served.push(`${request.url} ${response.route}`));

  before(async () => {
    app = Fastify({
      serverFactory: (handler) =>
        http.createServer((req, res) => {
          if (!prepared.answer(req, res)) handler(req, res);
        }),
    });
    app.addHook('onResponse', (request, reply, done) => {
      prepared.keep(request, reply);
      done();
    });
    const page = new FixedBody(
      '<!doctype html><title>Kept</title>'.padEnd(2_000, ' '),
      'text/html; charset=utf-8',
      cache,
    );
    app.get('/page', async (request, reply) => {
      routeRuns += 1;
      reply.header('vary', 'Accept').header('x-route', 'page');
      return sendFixed(request, reply, page, request.url === '/page' ? prepared : undefined);
    });
    app.get('/missing', async (request, reply) => {
      routeRuns += 1;
      return sendFixed(request, reply.code(404), page, prepared);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  after(() => app.close());

  it('runs the route once per variant, then answers from memory and reports each answer', async () => {
    routeRuns = 0;
    for (let i = 0; i < 3; i += 1)
      assert.equal((await get(`${base}/page`, { 'accept-encoding': 'br' })).headers['x-route'], 'page');
    assert.equal(routeRuns, 1);
    assert.deepEqual(served, ['/page /page', '/page /page']);
    await get(`${base}/page`, { 'accept-encoding': 'gzip' });
    await get(`${base}/page`, { 'accept-encoding': 'gzip' });
    assert.equal(routeRuns, 2, 'gzip is a variant of its own, kept once');
  });

  it('leaves HEAD, If-None-Match, other URLs and other statuses to the route', async () => {
    await get(`${base}/page`);
    routeRuns = 0;
    const head = await get(`${base}/page`, {}, 'HEAD');
    assert.equal(head.body.length, 0);
    const etag = (await get(`${base}/page`)).headers.etag!;
    assert.equal(routeRuns, 1, 'HEAD ran the route; the GET came from memory');
    assert.equal((await get(`${base}/page`, { 'if-none-match': etag })).status, 304);
    assert.equal((await get(`${base}/page?utm=1`)).status, 200);
    assert.equal((await get(`${base}/page?utm=1`)).status, 200);
    assert.equal((await get(`${base}/missing`)).status, 404);
    assert.equal((await get(`${base}/missing`)).status, 404);
    assert.equal(routeRuns, 6, 'conditional, non-canonical and 404 requests each ran the route');
  });
});
