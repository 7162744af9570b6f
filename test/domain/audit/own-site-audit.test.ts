// The drift monitor: the project's own running service, audited with the same code the public
// surfaces use (public mode, loopback allowed through AUDIT_ALLOW_HOSTS), must pass every check.
// A check that fails here is a regression of the site, not of the audit.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../../src/config/config.ts';
import { parseAllowList, publicPolicy } from '../../../src/audit/fetch/address-policy.ts';
import { auditSite } from '../../../src/audit/run-audit.ts';
import type { CheckId } from '../../../src/audit/report.ts';
import { startOwnSite, type OwnSite } from './own-site.ts';

/** Checks the site rightly skips, and why; any other status than pass is drift. */
const expectedSkips: Partial<Record<CheckId, string>> = {
  'web-bot-auth': 'the site sends no signed requests, so it publishes no Web Bot Auth key directory',
  'oauth-protected-resource': 'the site protects nothing: its metadata accepts a bearer token in no way',
  'oauth-authorization-server': 'the site issues no tokens, and its metadata says so',
};

let site: OwnSite;
before(async () => {
  site = await startOwnSite();
});
after(async () => site?.stop());

describe("the audit of the project's own site", () => {
  it('passes every check, at level 4 (level 5 needs Web Bot Auth or OAuth that issues tokens)', async () => {
    const { auditAllowHosts } = loadConfig({ AUDIT_ALLOW_HOSTS: '127.0.0.0/8,::1' });
    const report = await auditSite(`${site.baseUrl}/`, { policy: publicPolicy(parseAllowList(auditAllowHosts)) });
    const drift = report.checks
      .filter((check) => check.status !== (expectedSkips[check.id] ? 'skip' : 'pass'))
      .map((check) => `${check.id} ${check.status}: ${check.message}${check.fix ? ` (fix: ${check.fix})` : ''}`);
    assert.deepEqual(drift, []);
    assert.equal(report.level, 4);
    assert.equal(report.score, 100);
  });
});
