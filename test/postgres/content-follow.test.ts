// Several instances on one PostgreSQL database and one content folder (a shared volume): a change to
// the folder reaches every instance without a restart, and importing the origin again is done by one
// instance at a time (the lease in the database), never by two into the same folder at once.
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { startInstance, type Instance } from '../helpers/instances.ts';
import { freshPostgresUrl } from '../helpers/postgres.ts';
import { startOrigin, type OriginSite } from '../front/origin-site.ts';
import { runImport } from '../importer/static-site.ts';

const demoContent = path.join(import.meta.dirname, '..', '..', 'content');

describe('two server processes on one PostgreSQL database and one content folder', () => {
  let instances: Instance[] = [];
  let folder: string;

  before(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'agentsite-shared-content-'));
    await cp(demoContent, folder, { recursive: true });
    const env = { DATABASE_URL: await freshPostgresUrl(), CONTENT_DIR: folder, CONTENT_POLL_SECONDS: '1' };
    instances = await Promise.all([startInstance(env), startInstance(env)]);
  });
  after(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await rm(folder, { recursive: true, force: true });
  });

  it('serves a page the operator changed in the folder from both, without a restart', async () => {
    const twin = async (instance: Instance) => (await fetch(`${instance.baseUrl}/markdown/about.md`)).text();
    for (const instance of instances) assert.match(await twin(instance), /founded \(fictionally\) in 2016/);
    const file = path.join(folder, 'pages', 'about.md');
    await writeFile(file, (await readFile(file, 'utf8')).replace('in 2016', 'in 2009, on a houseboat,'));
    // Each instance looks every second and loads a change once two looks agree: a few seconds at most.
    for (const instance of instances) {
      let text = '';
      for (let attempt = 0; attempt < 100 && !/on a houseboat/.test(text); attempt++) {
        if (attempt > 0) await sleep(100);
        text = await twin(instance);
      }
      assert.match(text, /founded \(fictionally\) in 2009, on a houseboat,/);
    }
  });
});

describe('two front-mode instances on one PostgreSQL database importing the origin again', () => {
  let origin: OriginSite;
  let folder: string;
  let apps: TestApp[] = [];

  before(async () => {
    origin = await startOrigin();
    folder = await mkdtemp(path.join(os.tmpdir(), 'agentsite-shared-import-'));
    assert.equal((await runImport([origin.url, '--out', folder])).code, 0);
    const env = { DATABASE_URL: await freshPostgresUrl(), ORIGIN_URL: origin.url, CONTENT_DIR: folder };
    apps = [await startTestApp(env), await startTestApp(env)];
  });
  after(async () => {
    await Promise.all(apps.map((app) => app.stop()));
    await origin?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('lets one of them import at a time, then either may import again', async () => {
    const imports = () => origin.seen.filter((request) => request.path === '/robots.txt').length;
    const before = imports();
    const outcomes = await Promise.all(apps.map((app) => app.app.follow?.recrawl()));
    assert.deepEqual(outcomes.sort(), ['busy', 'imported']);
    assert.equal(imports() - before, 1, 'the origin was read once');
    assert.equal(await apps[1]!.app.follow?.recrawl(), 'imported');
    assert.equal(await apps[0]!.app.follow?.recrawl(), 'imported');
  });
});
