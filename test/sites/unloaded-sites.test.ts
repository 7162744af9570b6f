// With SITES_LOADED_MAX below the number of sites asked for, a site unloaded to keep the bound answers
// its next request with its own content again, whether the requests come one after another or
// together; none is dropped or answered with another site's words.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { RunningApp } from '../../src/app/app.ts';
import { freePorts } from '../helpers/app.ts';
import { addSite, makeSitesDir, siteFolders, startSites } from './sites-folder.ts';

const brands = { verto: 'Verto', hafen: 'Hafenwerk', moss: 'Mossgrove' } as const;
type Key = keyof typeof brands;
const keys = Object.keys(brands) as Key[];

describe('sites unloaded past SITES_LOADED_MAX', () => {
  let app: RunningApp;
  let port: number;

  const llms = (key: Key): Promise<{ status: number; text: string }> =>
    new Promise((resolve, reject) => {
      const headers = { host: `${key}.test` };
      http
        .get({ port, host: '127.0.0.1', path: '/llms.txt', headers }, (response) => {
          let text = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          response.once('end', () => resolve({ status: response.statusCode ?? 0, text }));
        })
        .once('error', reject);
    });
  const ownWords = (key: Key, answer: { status: number; text: string }): void => {
    assert.equal(answer.status, 200, answer.text);
    assert.ok(answer.text.includes(brands[key]), `${key} names ${brands[key]}`);
    for (const other of keys.filter((k) => k !== key))
      assert.ok(!answer.text.includes(brands[other]), `${key} names ${brands[other]}`);
  };

  before(async () => {
    const sitesDir = makeSitesDir();
    addSite(sitesDir, 'verto', siteFolders.verto, 'hosts: [verto.test]');
    addSite(sitesDir, 'hafen', siteFolders.hafenwerk, 'hosts: [hafen.test]');
    addSite(sitesDir, 'moss', siteFolders.mossgrove, 'hosts: [moss.test]');
    const [sitePort, mcpPort] = (await freePorts(2)) as [number, number];
    port = sitePort;
    app = await startSites(sitesDir, [port, mcpPort], { SITES_LOADED_MAX: '1', CONTENT_POLL_SECONDS: '0' });
  });
  after(() => app?.stop());

  it('answers each site in turn with its own content, loading it again after it was unloaded', async () => {
    for (const key of [...keys, ...keys]) {
      ownWords(key, await llms(key));
      assert.deepEqual(
        keys.filter((other) => app.services.sites!.loadedContent(other)),
        [key],
        'one site loaded at a time',
      );
    }
  });

  it('answers requests for every site arriving together, each with its own content', async () => {
    const asked = Array.from({ length: 4 }, () => keys).flat();
    const answers = await Promise.all(asked.map((key) => llms(key)));
    for (const [index, key] of asked.entries()) ownWords(key, answers[index]!);
  });
});
