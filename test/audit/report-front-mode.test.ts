// The report's promise about front mode, held to the product: an origin site audited directly, then
// imported with `agentsite import` and audited through the product in front of it. Every check the
// report says front mode fixes passes through it, and those the origin failed are the ones it names.
import { strict as assert } from 'node:assert';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { parseAllowList, publicPolicy } from '../../src/audit/fetch/address-policy.ts';
import { fixedByFrontMode } from '../../src/audit/front-mode-fixes.ts';
import { auditSite } from '../../src/audit/run-audit.ts';
import type { AuditReport } from '../../src/audit/report.ts';
import { freePorts, freshDatabaseUrl } from '../helpers/app.ts';
import { runImport } from '../importer/static-site.ts';
import { startOrigin, type OriginSite } from '../front/origin-site.ts';

let origin: OriginSite;
let folder: string;
let stopProduct: () => Promise<void>;
let direct: AuditReport;
let fronted: AuditReport;

const audit = (url: string): Promise<AuditReport> => {
  const { auditAllowHosts } = loadConfig({ AUDIT_ALLOW_HOSTS: '127.0.0.0/8,::1' });
  return auditSite(url, { policy: publicPolicy(parseAllowList(auditAllowHosts)) });
};

before(async () => {
  origin = await startOrigin();
  folder = await mkdtemp(path.join(os.tmpdir(), 'agentsite-front-audit-'));
  const imported = await runImport([origin.url, '--out', folder]);
  assert.notEqual(imported.code, 2, imported.err);
  const [port, mcpPort] = (await freePorts(2)) as [number, number];
  const baseUrl = `http://127.0.0.1:${port}`;
  const app = await startApp(
    loadConfig({
      LOG_LEVEL: 'silent',
      PORT: String(port),
      MCP_PORT: String(mcpPort),
      BASE_URL: baseUrl,
      MCP_URL: `http://127.0.0.1:${mcpPort}/mcp`,
      DATABASE_URL: await freshDatabaseUrl(),
      ORIGIN_URL: origin.url,
      CONTENT_DIR: folder,
    }),
  );
  stopProduct = () => app.stop();
  direct = await audit(`${origin.url}/`);
  fronted = await audit(`${baseUrl}/`);
});
after(async () => {
  await stopProduct?.();
  await origin?.close();
  await rm(folder, { recursive: true, force: true });
});

const passing = (report: AuditReport): Set<string> =>
  new Set(report.checks.filter((check) => check.status === 'pass').map((check) => check.id));

describe('the checks front mode fixes', () => {
  it('all pass on a site with the product in front of it', () => {
    const notPassing = fronted.checks
      .filter((check) => fixedByFrontMode.includes(check.id) && check.status !== 'pass')
      .map((check) => `${check.id} ${check.status}: ${check.message}`);
    assert.deepEqual(notPassing, []);
  });

  it('are every check the origin did not pass and the product in front of it does', () => {
    const before = passing(direct);
    const turned = [...passing(fronted)].filter((id) => !before.has(id)).sort();
    const promised = fixedByFrontMode.filter((id) => !before.has(id)).sort();
    assert.deepEqual(turned, promised);
    assert.ok(promised.length >= 10, 'the origin, a plain site, fails most of them on its own');
  });
});
