// A site with nothing for agents (a home page, everything else 404): every check that counts fails,
// those whose subject is absent are skipped, and the level is 0.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { passedWhenAbsent, skippedWhenAbsent } from '../../../src/audit/report.ts';
import { auditSite } from '../../../src/audit/run-audit.ts';
import { loopbackAllowed, statuses } from './audit-helpers.ts';
import { recordingServer, type RecordingServer } from './recording-server.ts';

let site: RecordingServer;
before(async () => {
  site = await recordingServer((request, response) => {
    if (request.url === '/')
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>Bare</title><form><input name="q"></form>');
    else response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
  });
});
after(async () => site.close());

describe('the audit of a site with nothing for agents', () => {
  it('fails what the reference scanners count and skips what the site does not offer', async () => {
    const report = await auditSite(`${site.url}/`, { policy: loopbackAllowed });
    const status = statuses(report);
    for (const id of [
      'robots-txt',
      'robots-ai-rules',
      'content-signals',
      'sitemap',
      'link-headers',
      'canonical',
      'markdown-negotiation',
      'extractability',
      'llms-txt',
      'api-catalog',
      'oauth-protected-resource',
      'oauth-authorization-server',
      'mcp-server-card',
      'a2a-agent-card',
      'agent-skills',
      'json-ld',
    ] as const) {
      assert.equal(status[id], 'fail', id);
    }
    const skipped = [
      'llms-full-txt',
      'openapi',
      'mcp-connect',
      'a2a-connect',
      'webmcp',
      'web-bot-auth',
      'ard',
    ] as const;
    for (const id of skipped) assert.equal(status[id], 'skip', id);
    // What /developers tells people is what a site without these subjects gets.
    assert.deepEqual([...skippedWhenAbsent], [...skipped]);
    assert.equal(report.level, 0);
    assert.equal(report.levelName, 'Not Ready');
    // Without a robots.txt every crawler may read the site: the one check such a site passes.
    for (const id of passedWhenAbsent) assert.equal(status[id], 'pass', id);
    const counted = report.checks.filter((check) => check.status !== 'skip').length;
    assert.equal(report.score, Math.round((100 * passedWhenAbsent.length) / counted));
    for (const check of report.checks.filter((c) => c.status === 'fail')) {
      assert.ok(check.fix && check.fix.length < 300, `${check.id} has a short fix`);
      assert.ok(check.evidence.url.startsWith(site.url), `${check.id} names the URL it fetched`);
    }
  });
});
