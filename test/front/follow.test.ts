// Front mode's twins follow the origin: a real origin on a loopback socket, imported once, fronted by
// the product; then the origin changes. A changed page the proxy serves (its ETag differs from the
// import's) is imported again in the background, and the twin, llms.txt and /ask follow without a
// restart; a recrawl brings new pages, drops removed ones and keeps the file the operator edited.
import { strict as assert } from 'node:assert';
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { runImport } from '../importer/static-site.ts';
import { page, startOrigin, type OriginSite } from './origin-site.ts';

let origin: OriginSite;
let product: TestApp;
let folder: string;
const get = (url: string, headers: Record<string, string> = {}) =>
  product.app.http.inject({ method: 'GET', url, headers });
const twin = async (url: string) => (await get(url, { accept: 'text/markdown' })).body;

/** Asks `check` again every 50 ms until it holds, for at most `ms`: the import runs in the background. */
async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  for (let waited = 0; waited < ms; waited += 50) {
    if (await check()) return;
    await sleep(50);
  }
  assert.fail(`not so within ${ms} ms`);
}

const home = (links: string) =>
  page('Kante Studio', `<p>Kante Studio builds websites for industrial makers.</p><p>${links}</p>`);

before(async () => {
  origin = await startOrigin();
  origin.pages['/'] = home('<a href="/journal/old-fair">Our stand at the old fair</a>');
  origin.pages['/journal/old-fair'] = page('The old fair', '<p>A stand of reclaimed oak for a pump maker.</p>');
  folder = await mkdtemp(path.join(os.tmpdir(), 'agentsite-follow-'));
  const imported = await runImport([origin.url, '--out', folder]);
  assert.equal(imported.code, 0, imported.err);
  product = await startTestApp({
    LOG_LEVEL: 'info',
    ORIGIN_URL: origin.url,
    CONTENT_DIR: folder,
    ORIGIN_TIMEOUT_MS: '2000',
  });
});
after(async () => {
  await product?.stop();
  await origin?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('twins that follow the origin', () => {
  it('imports a page again once it is served changed, and its twin, llms.txt and /ask follow', async () => {
    assert.match(await twin('/about'), /trade fair stands/);
    const asked = async () => (await get('/ask?query=acoustic%20panels%20for%20concert%20halls')).body;
    assert.doesNotMatch(await asked(), /\/about/);
    origin.pages['/about'] = page(
      'Acoustic panels',
      '<p>We now build acoustic panels for concert halls and opera houses.</p>',
    );
    // A person's page view, passed to the origin: its new ETag is the sign of a change.
    const viewed = await get('/about');
    assert.match(viewed.body, /acoustic panels/);
    await eventually(async () => /acoustic panels for concert halls/.test(await twin('/about')));
    assert.doesNotMatch(await twin('/about'), /trade fair stands/);
    assert.match((await get('/llms.txt')).body, /Acoustic panels/);
    assert.match(await asked(), /\/about/);
  });

  it('brings new pages, drops removed ones and keeps the text the operator edited', async () => {
    const edited = path.join(folder, 'pages', 'services', 'brand-platforms.md');
    const operators = (await readFile(edited, 'utf8')).replace(
      /Brand platforms for family-owned machine builders\./g,
      'Brand platforms, as our operator words it.',
    );
    await writeFile(edited, operators);
    origin.pages['/services/brand-platforms'] = page('Brand platforms', '<p>Brand platforms for anyone at all.</p>');
    origin.pages['/'] = home('<a href="/journal/new-fair">Our stand at the new fair</a>');
    delete origin.pages['/journal/old-fair'];
    origin.pages['/journal/new-fair'] = page('The new fair', '<p>A stand of recycled steel for a crane maker.</p>');

    assert.equal(await product.app.follow?.recrawl(), 'imported');

    assert.match(await twin('/journal/new-fair'), /recycled steel/);
    assert.equal((await get('/markdown/journal/old-fair.md')).statusCode, 404);
    await assert.rejects(access(path.join(folder, 'pages', 'journal', 'old-fair.md')));
    assert.match(await twin('/services/brand-platforms'), /as our operator words it/);
    assert.equal(await readFile(edited, 'utf8'), operators);
  });
});
