// With SITES_DIR, an imported site's old addresses lead to its pages for its own host only: the
// import's record is read from the site the request is for, and a record written later is followed
// once the site's folder is loaded again, without a restart.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RunningApp } from '../../src/app/app.ts';
import { freePorts } from '../helpers/app.ts';
import { answerTestHostsLocally } from './local-hosts.ts';
import { addSite, makeSitesDir, siteFolders, startSites } from './sites-folder.ts';

answerTestHostsLocally();

/** The import's record: the origin served the page now at /about at /about-us.html. */
const record = JSON.stringify({ origin: 'https://www.old.example', addresses: { '/about': '/about-us.html' } });

describe("an imported site's former addresses, many sites in one deployment", () => {
  let app: RunningApp;
  let port: number;
  let moved: string;
  const old = (host: string) =>
    fetch(`http://${host}:${port}/about-us.html?ref=mail`, { redirect: 'manual' }).then(async (response) => {
      await response.arrayBuffer();
      return { status: response.status, location: response.headers.get('location') };
    });

  before(async () => {
    const ports = (await freePorts(2)) as [number, number];
    port = ports[0];
    const dir = makeSitesDir();
    const imported = addSite(dir, 'imported', siteFolders.verto, 'hosts: [imported.test]');
    fs.writeFileSync(path.join(imported, '.agentsite-import.json'), record);
    moved = addSite(dir, 'later', siteFolders.mossgrove, 'hosts: [later.test]');
    app = await startSites(dir, ports, { CONTENT_POLL_SECONDS: '0' });
  });
  after(async () => app?.stop());

  it("answers 301 to the page for the imported site's host, and 404 for another site's", async () => {
    assert.deepEqual(await old('imported.test'), { status: 301, location: '/about?ref=mail' });
    assert.equal((await old('later.test')).status, 404);
  });

  it("follows a record written later once that site's folder is loaded again", async () => {
    fs.writeFileSync(path.join(moved, '.agentsite-import.json'), record);
    const content = await app.services.sites!.contentOf('later');
    assert.equal(await content?.reload(), true);
    assert.deepEqual(await old('later.test'), { status: 301, location: '/about?ref=mail' });
  });
});
