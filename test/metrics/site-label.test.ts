// With SITES_DIR the per-request series carry the site the request was for, so one site's traffic is
// told from another's; the single site's series keep their labels (metrics listener test).
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { sample, scrapeMetrics } from '../helpers/metrics.ts';
import { addSite, makeSitesDir, siteFolders } from '../sites/sites-folder.ts';

describe('metrics per site', () => {
  let t: TestApp;
  before(async () => {
    const sitesDir = makeSitesDir();
    addSite(sitesDir, 'alpha', siteFolders.verto, 'hosts: [alpha.test]');
    addSite(sitesDir, 'beta', siteFolders.hafenwerk, 'hosts: [beta.test]');
    t = await startTestApp({ METRICS_PORT: '0', SITES_DIR: sitesDir });
  });
  after(() => t.stop());

  it('labels each request with its site', async () => {
    const port = new URL(t.baseUrl).port;
    const get = async (host: string, times: number) => {
      for (let i = 0; i < times; i += 1) {
        // fetch() may not set Host; a plain request does.
        const status = await new Promise<number | undefined>((resolve, reject) => {
          http
            .get({ host: '127.0.0.1', port, path: '/llms.txt', headers: { host } }, (response) => {
              response.resume().on('end', () => resolve(response.statusCode));
            })
            .on('error', reject);
        });
        assert.equal(status, 200);
      }
    };
    await get('alpha.test', 2);
    await get('beta.test', 1);
    const text = await scrapeMetrics(t.app.metrics!.port);
    const series = (site: string) =>
      sample(text, `agentsite_http_requests_total{method="GET",route="/llms.txt",status="200",site="${site}"}`);
    assert.equal(
      series('alpha'),
      2,
      text
        .split('\n')
        .filter((l) => l.includes('llms'))
        .join('\n'),
    );
    assert.equal(series('beta'), 1);
  });
});
