// The Prometheus listener: off unless METRICS_PORT is set, and on scrape it shows counters that moved.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config/config.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { sample, scrapeMetrics as scrape } from '../helpers/metrics.ts';
import { awayFromMinuteBoundary } from '../helpers/rate-windows.ts';

describe('metrics listener', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    t = await startTestApp({ METRICS_PORT: '0' });
    assert.ok(t.app.metrics, 'METRICS_PORT set starts the listener');
    port = t.app.metrics.port;
  });
  after(() => t.stop());

  it('labels requests with the route pattern, never the raw URL', async () => {
    for (const url of ['/no-such-page-a', '/no-such-page-b?x=1']) {
      const response = await fetch(`${t.baseUrl}${url}`);
      await response.arrayBuffer();
    }
    const text = await scrape(port);
    const notFound = text
      .split('\n')
      .filter((line) => line.startsWith('agentsite_http_requests_total{method="GET"') && line.includes('status="404"'))
      .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
    assert.equal(notFound, 2);
    assert.ok(!text.includes('no-such-page'), 'raw URLs never become label values');
  });

  it('counts requests by route pattern, enquiries accepted, rate-limit rejections and MCP tool calls', async () => {
    // Its budget is a clock minute's: the minute must not turn between spending it and the refusal.
    await awayFromMinuteBoundary();
    assert.equal((await fetch(`${t.baseUrl}/agent/health`)).status, 200);
    const enquiry = {
      fromName: 'Metrics Test',
      fromEmail: 'metrics@example.com',
      message: 'Counting enquiries in a test.',
    };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await fetch(`${t.baseUrl}/agent/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(enquiry),
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    assert.deepEqual(statuses, [202, 202, 202, 202, 202, 429]);
    // Twice: the second call is answered from the result cache and must be counted too.
    for (const id of [1, 2]) {
      const call = await fetch(t.mcpUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { name: 'service_search_case_studies', arguments: { query: 'pipeline' } },
        }),
      });
      assert.equal(call.status, 200, await call.clone().text());
      await call.arrayBuffer();
    }

    const text = await scrape(port);
    assert.equal(sample(text, 'agentsite_http_requests_total{method="GET",route="/agent/health",status="200"}'), 1);
    assert.equal(sample(text, 'agentsite_http_requests_total{method="POST",route="/agent/contact",status="202"}'), 5);
    assert.equal(sample(text, 'agentsite_enquiries_accepted_total{channel="rest",kind="enquiry"}'), 5);
    assert.equal(sample(text, 'agentsite_rate_limit_rejections_total{policy="contact"}'), 1);
    assert.equal(sample(text, 'agentsite_mcp_tool_calls_total{tool="service_search_case_studies",outcome="ok"}'), 2);
    assert.equal(
      sample(
        text,
        'agentsite_capability_calls_total{capability="service_search_case_studies",surface="mcp",outcome="ok"}',
      ),
      2,
    );
  });

  it('exposes the service metrics, process metrics and the outbox gauge', async () => {
    const text = await scrape(port);
    for (const name of [
      'agentsite_http_requests_total',
      'agentsite_http_request_duration_seconds',
      'agentsite_rate_limit_rejections_total',
      'agentsite_enquiries_accepted_total',
      'agentsite_delivery_attempts_total',
      'agentsite_mcp_tool_calls_total',
      'agentsite_capability_calls_total',
      'agentsite_deliveries',
      'agentsite_process_resident_memory_bytes',
    ]) {
      assert.ok(text.includes(`# HELP ${name} `), `${name} is exposed`);
    }
  });

  it('answers 404 off /metrics and 405 for other methods', async () => {
    assert.equal((await fetch(`http://127.0.0.1:${port}/`)).status, 404);
    assert.equal((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status, 405);
  });
});

describe('metrics configuration', () => {
  it('opens no listener when METRICS_PORT is unset', async () => {
    const t = await startTestApp();
    try {
      assert.equal(t.app.metrics, undefined);
      assert.equal(t.app.services.config.metricsPort, undefined);
    } finally {
      await t.stop();
    }
  });

  it('rejects a METRICS_PORT equal to PORT with a line naming the variable', () => {
    assert.throws(() => loadConfig({ PORT: '4000', METRICS_PORT: '4000' }), /METRICS_PORT/);
    assert.throws(() => loadConfig({ METRICS_PORT: 'abc' }), /METRICS_PORT/);
  });
});
