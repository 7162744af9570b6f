// The content folder loaded again while the service runs: an operator's edit is served without a
// restart (pages, twins, llms.txt, search), and a folder that fails to load leaves the last good one
// in service, with the reason in the log, until it is mended.
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const demoContent = path.join(import.meta.dirname, '..', '..', 'content');

let folder: string;
let product: TestApp;
const logLines: string[] = [];
const get = async (url: string) => (await product.app.http.inject({ method: 'GET', url })).body;

before(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'agentsite-reload-'));
  await cp(demoContent, folder, { recursive: true });
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  product = await startTestApp(
    { CONTENT_DIR: folder, CONTENT_POLL_SECONDS: '1' },
    { logger: pino({ level: 'info' }, sink) },
  );
});
after(async () => {
  await product?.stop();
  await rm(folder, { recursive: true, force: true });
});

async function edit(file: string, change: (text: string) => string): Promise<void> {
  const full = path.join(folder, file);
  await writeFile(full, change(await readFile(full, 'utf8')));
}

describe('the content folder loaded again', () => {
  it("serves an operator's edit without a restart once the folder's poll sees it", async () => {
    assert.match(await get('/markdown/about.md'), /founded \(fictionally\) in 2016/);
    await edit('pages/about.md', (text) =>
      text.replace('title: About Verto', 'title: About Verto and its lighthouse').replace('in 2016', 'in a lighthouse'),
    );
    let twin = '';
    for (let attempt = 0; attempt < 100 && !/lighthouse/.test(twin); attempt++) {
      if (attempt > 0) await sleep(100);
      twin = await get('/markdown/about.md');
    }
    assert.match(twin, /founded \(fictionally\) in a lighthouse/);
    assert.match(await get('/about'), /in a lighthouse/);
    assert.match(await get('/llms.txt'), /About Verto and its lighthouse/);
    assert.match(await get('/search?q=lighthouse'), /href="\/about"/);
  });

  it('keeps the last good folder in service when the folder fails to load, and says why', async () => {
    await edit('site.yaml', (text) => text.replace(/^brandName:.*$/m, 'brandName: [unclosed'));
    assert.equal(await product.app.services.siteContent.reload(), false);
    assert.match(await get('/markdown/about.md'), /in a lighthouse/);
    const warning = logLines.map((line) => JSON.parse(line)).find((line) => line.msg?.startsWith('content folder not'));
    assert.match(warning?.reason ?? '', /site\.yaml/);
    await edit('site.yaml', (text) => text.replace('brandName: [unclosed', 'brandName: Verto'));
    await edit('pages/about.md', (text) => text.replace('in a lighthouse', 'in a windmill'));
    assert.equal(await product.app.services.siteContent.reload(), true);
    assert.match(await get('/markdown/about.md'), /in a windmill/);
  });

  it('publishes a changed skill in the discovery index and its SKILL.md', async () => {
    const skill = '/.well-known/agent-skills/agency-site/SKILL.md';
    const index = async () => (await product.app.http.inject({ url: '/.well-known/agent-skills/index.json' })).json();
    const digestBefore = (await index()).skills.find((entry: { name: string }) => entry.name === 'agency-site').digest;
    await edit('skills/agency-site/SKILL.md', (text) => `${text}\nAsk for the windmill tour.\n`);
    assert.equal(await product.app.services.siteContent.reload(), true);
    assert.match(await get(skill), /Ask for the windmill tour\./);
    const digestAfter = (await index()).skills.find((entry: { name: string }) => entry.name === 'agency-site').digest;
    assert.notEqual(digestAfter, digestBefore);
  });

  it("leads an old site's address to its page once the folder's import record names it", async () => {
    const old = () => product.app.http.inject({ method: 'GET', url: '/about-us.html?ref=mail' });
    assert.equal((await old()).statusCode, 404);
    const manifest = { origin: 'https://www.verto.example', addresses: { '/about': '/about-us.html' } };
    await writeFile(path.join(folder, '.agentsite-import.json'), JSON.stringify(manifest));
    assert.equal(await product.app.services.siteContent.reload(), true);
    const moved = await old();
    assert.equal(moved.statusCode, 301);
    assert.equal(moved.headers.location, '/about?ref=mail');
  });
});
