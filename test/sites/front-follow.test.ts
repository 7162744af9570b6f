// With many sites, a front site's twins follow its own origin without a restart: the site's folder is
// an import of a real local origin; a page changed there and viewed through the site is imported again
// into that site's folder alone, and its twin and llms.txt follow while the other site stays as it was.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RunningApp } from '../../src/app/app.ts';
import { page, startOrigin, type OriginSite } from '../front/origin-site.ts';
import { freePorts } from '../helpers/app.ts';
import { runImport } from '../importer/static-site.ts';
import { answerTestHostsLocally } from './local-hosts.ts';
import { addSite, makeSitesDir, siteFolders, startSites } from './sites-folder.ts';

answerTestHostsLocally();

/** Asks `check` again every 50 ms until it holds, for at most `ms`: the import runs in the background. */
async function eventually(check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  for (let waited = 0; waited < ms; waited += 50) {
    if (await check()) return;
    await sleep(50);
  }
  assert.fail(`not so within ${ms} ms`);
}

describe('a front site among many follows its own origin', () => {
  let origin: OriginSite;
  let app: RunningApp;
  let port: number;
  let imported: string;
  const get = async (host: string, target: string, headers: Record<string, string> = {}) =>
    (await fetch(`http://${host}:${port}${target}`, { headers })).text();
  const twin = (target: string) => get('kante.test', target, { accept: 'text/markdown' });

  before(async () => {
    origin = await startOrigin();
    imported = await mkdtemp(path.join(os.tmpdir(), 'agentsite-front-follow-'));
    const run = await runImport([origin.url, '--out', imported]);
    assert.equal(run.code, 0, run.err);
    let mcpPort: number;
    [port, mcpPort] = (await freePorts(2)) as [number, number];
    const hosting = (host: string, extra = ''): string =>
      `hosts: [${host}]\nbaseUrl: http://${host}:${port}\nmcpUrl: http://${host}:${mcpPort}/mcp\n${extra}`;
    const sitesDir = makeSitesDir();
    addSite(sitesDir, 'kante', imported, hosting('kante.test', `origin: ${origin.url}`));
    addSite(sitesDir, 'moss', siteFolders.mossgrove, hosting('moss.test'));
    app = await startSites(sitesDir, [port, mcpPort], { CONTENT_POLL_SECONDS: '1', ORIGIN_TIMEOUT_MS: '2000' });
  });
  after(async () => {
    await app?.stop();
    await origin?.close();
    await rm(imported, { recursive: true, force: true });
  });

  it('imports a page changed at its origin into that site alone, and its twin and llms.txt follow', async () => {
    assert.match(await twin('/about'), /trade fair stands/);
    const mossBefore = await get('moss.test', '/llms.txt');
    origin.pages['/about'] = page('Acoustic panels', '<p>We now build acoustic panels for concert halls.</p>');
    // A person's page view, passed to the origin: its new ETag is the sign of a change.
    assert.match(await get('kante.test', '/about'), /acoustic panels/);
    await eventually(async () => /acoustic panels for concert halls/.test(await twin('/about')));
    assert.match(await get('kante.test', '/llms.txt'), /Acoustic panels/);
    assert.equal(await get('moss.test', '/llms.txt'), mossBefore, 'the other site is as it was');
    assert.match(await get('kante.test', '/about'), /acoustic panels/, 'the site is still served after its import');
  });
});
