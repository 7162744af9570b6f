// Health is an ordinary route of the /agent API: over real HTTP, a poll of /agent/health (and of
// each pinned version's) gets its JSON with the RateLimit, version and CORS headers in a fixed order,
// spends the shared budget once, and is counted in metrics and agent insight; a refused poll is a 429.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { generalPolicy } from '../../../src/domain/rate-limit/rate-limit.ts';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { sample, scrapeMetrics } from '../../helpers/metrics.ts';
import { awayFromMinuteBoundary } from '../../helpers/rate-windows.ts';

interface Answer {
  status: number;
  /** Header lines as sent, in order, without Node's own (Date, Connection, Keep-Alive). */
  headers: [string, string][];
  body: string;
}

function get(url: string, client: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { 'x-forwarded-for': client, ...headers } }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          const headers: [string, string][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i]!.toLowerCase();
            if (!['date', 'connection', 'keep-alive'].includes(name)) headers.push([name, res.rawHeaders[i + 1]!]);
          }
          resolve({ status: res.statusCode!, headers, body });
        });
      })
      .on('error', reject);
  });
}

/** The answer with what changes from poll to poll (the time, the budget left) blanked. */
function steady(answer: Answer): Answer {
  return {
    ...answer,
    headers: answer.headers.map(([name, value]) => [
      name,
      name.startsWith('ratelimit') ? value.replace(/\d+/g, 'n') : value,
    ]),
    body: answer.body.replace(/"time":"[^"]+"/, '"time":"t"'),
  };
}

const remaining = (answer: Answer): number =>
  Number(answer.headers.find(([name]) => name === 'ratelimit-remaining')![1]);

describe('the health route', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ METRICS_PORT: '0', TRUST_PROXY: 'loopback' });
  });
  after(() => t?.stop());

  it('answers with its status, headers in order and body, with or without a query string', async () => {
    for (const [path, base] of [
      ['/agent/health', '/agent'],
      ['/agent/v1/health', '/agent/v1'],
    ] as const) {
      const answer = steady(await get(`${t.baseUrl}${path}`, '198.51.100.30'));
      assert.equal(answer.status, 200);
      const { baseUrl, mcpUrl } = t.app.services.config;
      const endpoints = {
        contact: `${baseUrl}${base}/contact`,
        openapi: `${baseUrl}${base}/openapi.json`,
        catalog: `${baseUrl}/.well-known/api-catalog`,
        mcp: mcpUrl,
      };
      const body = JSON.stringify({ status: 'ok', service: 'agentsite', version: '1.0.0', time: 't', endpoints });
      assert.equal(answer.body, body, path);
      assert.deepEqual(
        answer.headers.map(([name]) => name),
        [
          'content-type',
          'ratelimit-policy',
          'ratelimit',
          'ratelimit-limit',
          'ratelimit-remaining',
          'ratelimit-reset',
          'api-version',
          'access-control-allow-origin',
          'access-control-expose-headers',
          'content-length',
        ],
        path,
      );
      assert.equal(answer.headers[0]![1], 'application/json; charset=utf-8');
      assert.deepEqual(steady(await get(`${t.baseUrl}${path}?from=query`, '198.51.100.31')), answer, path);
    }
  });

  it('spends the shared budget once per poll', async () => {
    // The budget is a minute's: a minute turning between the polls would reset it.
    await awayFromMinuteBoundary();
    const first = await get(`${t.baseUrl}/agent/health`, '198.51.100.40');
    const second = await get(`${t.baseUrl}/agent/health?x=1`, '198.51.100.40');
    const third = await get(`${t.baseUrl}/agent/health`, '198.51.100.40');
    assert.deepEqual([remaining(first), remaining(second), remaining(third)], [299, 298, 297]);
  });

  it('answers a refused poll 429 with the budget left at 0', async () => {
    const client = '198.51.100.50';
    const limiter = t.app.services.rateLimiter;
    await awayFromMinuteBoundary();
    for (let i = 0; i < generalPolicy.windows[0]!.limit; i += 1) await limiter.take(generalPolicy, client);
    const rejections = 'agentsite_rate_limit_rejections_total{policy="general"}';
    const rejectedBefore = sample(await scrapeMetrics(t.app.metrics!.port), rejections) ?? 0;
    const refused = await get(`${t.baseUrl}/agent/health`, client);
    assert.equal(sample(await scrapeMetrics(t.app.metrics!.port), rejections), rejectedBefore + 1);
    assert.equal(refused.status, 429);
    assert.equal(JSON.parse(refused.body).status, 'rate_limited');
    const names = refused.headers.map(([name]) => name);
    assert.ok(names.includes('retry-after') && names.includes('api-version'), names.join());
    assert.equal(remaining(refused), 0);
  });

  it('counts each poll in metrics and agent insight under the route and the caller it classified', async () => {
    const series = 'agentsite_http_requests_total{method="GET",route="/agent/health",status="200"}';
    const before = sample(await scrapeMetrics(t.app.metrics!.port), series) ?? 0;
    await t.app.services.insight.flush();
    const visits = async (): Promise<number> => {
      const rows = await t.app.services.store.db
        .selectFrom('insight_visits')
        .select(['count'])
        .where('surface', '=', 'rest')
        .where('item', '=', 'GET /health')
        .where('family', '=', 'OpenAI')
        .where('kind', '=', 'declared-agent')
        .execute();
      return rows.reduce((sum, row) => sum + Number(row.count), 0);
    };
    const visitsBefore = await visits();
    const userAgent =
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
    for (let i = 0; i < 3; i += 1) {
      await get(`${t.baseUrl}/agent/health`, `198.51.100.${60 + i}`, { 'user-agent': userAgent });
    }
    assert.equal(sample(await scrapeMetrics(t.app.metrics!.port), series), before + 3);
    await t.app.services.insight.flush();
    assert.equal(await visits(), visitsBefore + 3);
  });
});
