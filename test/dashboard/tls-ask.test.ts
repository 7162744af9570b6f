// GET /tls-ask?domain=<host> on the admin listener, as Caddy's on-demand TLS asks it (no token): 200
// for a host the product serves, 404 for any other, 400 without a proper domain. With one site the
// host of BASE_URL (and MCP_URL) is served; with SITES_DIR, the hosts the sites name, as they change.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { addSite, makeSitesDir, siteFolders } from '../sites/sites-folder.ts';

const token = 'tls-ask-test-token-0123456789';
const started: TestApp[] = [];
after(() => Promise.all(started.map((app) => app.stop())));

async function admin(env: Record<string, string>): Promise<(query: string) => Promise<number>> {
  const app = await startTestApp({ ADMIN_PORT: '0', ADMIN_TOKEN: token, ...env });
  started.push(app);
  const base = `http://127.0.0.1:${app.app.admin!.port}/tls-ask`;
  return async (query) => (await fetch(`${base}${query}`)).status;
}

describe('GET /tls-ask', () => {
  it('answers for the host of BASE_URL and MCP_URL with one site, without a token', async () => {
    const ask = await admin({ BASE_URL: 'https://www.agency.test', MCP_URL: 'https://mcp.agency.test/mcp' });
    assert.equal(await ask('?domain=www.agency.test'), 200);
    assert.equal(await ask('?domain=WWW.Agency.Test.'), 200);
    assert.equal(await ask('?domain=mcp.agency.test'), 200);
    assert.equal(await ask('?domain=elsewhere.test'), 404);
    assert.equal(await ask(''), 400);
    assert.equal(await ask('?domain='), 400);
    assert.equal(await ask('?domain=https://www.agency.test/'), 400);
    assert.equal(await ask('?domain=a.test&domain=b.test'), 400);
  });

  it('answers for the hosts the sites of SITES_DIR name, following a change', async () => {
    const sitesDir = makeSitesDir();
    addSite(sitesDir, 'alpha', siteFolders.verto, 'hosts: [alpha.test, www.alpha.test]');
    const ask = await admin({ SITES_DIR: sitesDir, CONTENT_POLL_SECONDS: '1' });
    assert.equal(await ask('?domain=www.alpha.test'), 200);
    assert.equal(await ask('?domain=beta.test'), 404);
    addSite(sitesDir, 'beta', siteFolders.hafenwerk, 'hosts: [beta.test]');
    fs.renameSync(path.join(sitesDir, 'alpha'), path.join(sitesDir, '.alpha-gone'));
    for (let waited = 0; (await ask('?domain=beta.test')) !== 200; waited += 200) {
      assert.ok(waited < 30_000, 'beta.test served in time');
      await sleep(200);
    }
    assert.equal(await ask('?domain=alpha.test'), 404);
  });
});
