// Public audits run in a worker thread: the server's health keeps answering while an audit
// reads a hostile page, an audit past its hard time limit is stopped, and one past its heap cap is
// stopped too, each answered as a site that could not be audited.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { SiteUnreachable } from '../../src/audit/site-unreachable.ts';
import { auditInWorker } from '../../src/audit/worker/audit-in-worker.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { recordingServer } from '../domain/audit/recording-server.ts';
import { documentSite, htmlDoc, type DocumentSite } from './document-site.ts';

const loopback = { mode: 'public', allowHosts: ['127.0.0.0/8'] } as const;

describe('the audit in its own thread', () => {
  let site: DocumentSite;
  before(async () => {
    site = await documentSite();
  });
  after(async () => site?.close());

  it('audits a site as in-process, from a worker', async () => {
    site.docs = { '/': htmlDoc('<title>x</title><form toolname="t" tooldescription="d"><input name="q"></form>') };
    const report = await auditInWorker(`${site.url}/`, { policy: loopback });
    assert.equal(report.url, `${site.url}/`);
    assert.equal(report.checks.find((check) => check.id === 'webmcp')?.status, 'pass');
  });

  it('stops an audit past its hard time limit', async () => {
    // Answers the home page, then nothing else: only the hard limit ends the audit.
    const stalling = await recordingServer((request, response) => {
      if (request.url === '/') response.writeHead(200, { 'content-type': 'text/html' }).end('<title>x</title>');
    });
    const started = performance.now();
    try {
      await assert.rejects(
        auditInWorker(`${stalling.url}/`, {
          policy: loopback,
          limits: { fetchTimeoutMs: 60_000, auditTimeoutMs: 60_000 },
          isolation: { hardLimitMs: 1_500 },
        }),
        (error: Error) => error instanceof SiteUnreachable && /ran over 1\.5 s and was stopped/.test(error.message),
      );
      assert.ok(performance.now() - started < 5_000);
    } finally {
      await stalling.close();
    }
  });

  it('stops an audit past its heap cap', async () => {
    site.docs = { '/': htmlDoc(`<title>x</title>${'<p>filler</p>'.repeat(150_000)}`) };
    await assert.rejects(
      auditInWorker(`${site.url}/`, { policy: loopback, isolation: { maxHeapMb: 8, maxYoungGenerationMb: 2 } }),
      (error: Error) => error instanceof SiteUnreachable && /needed more than 8 MB and was stopped/.test(error.message),
    );
  });
});

describe('health during an audit of a hostile page', () => {
  let app: TestApp;
  let site: DocumentSite;
  before(async () => {
    site = await documentSite();
    app = await startTestApp({ AUDIT_ALLOW_HOSTS: '127.0.0.1' });
  });
  after(async () => {
    await app?.stop();
    await site?.close();
  });

  it('keeps answering /agent/health while the audit runs', async () => {
    // Nearly 2 MB of unclosed attribute quotes (the HTML parser's slowest input), and an OpenAPI
    // description of 200 000 YAML keys, which takes js-yaml about 2 s: in-process, health waited.
    const yaml = Array.from({ length: 200_000 }, (_, i) => `k${i}: v`).join('\n');
    site.docs = {
      '/': htmlDoc('<a x="'.repeat(340_000)),
      '/.well-known/api-catalog': {
        type: 'application/linkset+json',
        body: JSON.stringify({ linkset: [{ anchor: `${site.url}/api`, 'service-desc': [{ href: '/openapi.yaml' }] }] }),
      },
      '/openapi.yaml': { type: 'application/yaml', body: yaml },
    };
    let auditing = true;
    const audit = fetch(`${app.baseUrl}/agent/audits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: site.url }),
    }).finally(() => {
      auditing = false;
    });
    let polls = 0;
    while (auditing) {
      assert.equal((await fetch(`${app.baseUrl}/agent/health`)).status, 200);
      polls += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal((await audit).status, 201);
    // Run on the main thread, the parse held every health request until the audit ended: one or two
    // polls. How fast health answers meanwhile is the bench's row (health p99 during hostile audits).
    assert.ok(polls > 3, `${polls} polls`);
  });
});
