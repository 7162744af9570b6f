// Front mode routes on the path it forwards: dot segments, escapes, case, backslashes, `;` and `//`
// can never make the origin answer for one of the product's own documents. Raw requests on a real
// socket, since HTTP clients normalise such targets before sending them.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { openRaw } from '../helpers/raw-http.ts';
import { type ScriptedOrigin, startScriptedOrigin } from './scripted-origin.ts';

let origin: ScriptedOrigin;
let product: TestApp;

const ownedAtOrigin = ['/llms.txt', '/agent/health', '/.well-known/agent-card.json', '/robots.txt'];

before(async () => {
  origin = await startScriptedOrigin();
  for (const path of ownedAtOrigin)
    origin.on(path, (_request, response) =>
      response.writeHead(200, { 'content-type': 'text/plain' }).end('FROM ORIGIN'),
    );
  product = await startTestApp({ ORIGIN_URL: origin.url, ORIGIN_TIMEOUT_MS: '2000' });
});
after(async () => {
  await product?.stop();
  await origin?.close();
});

async function get(target: string): Promise<{ status: number; text: string }> {
  const connection = await openRaw(
    Number(new URL(product.baseUrl).port),
    `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
  );
  const { text } = await connection.closed;
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), text };
}

describe('front mode request targets', () => {
  it("answers dot-segment and escaped forms of the product's paths itself", async () => {
    for (const target of [
      '/./llms.txt',
      '/%2e/llms.txt',
      '/%2E%2E/llms.txt',
      '/img/../llms.txt',
      '/./agent/health',
      '/%61gent/health',
    ]) {
      const { status, text } = await get(target);
      assert.equal(status, 200, target);
      assert.doesNotMatch(text, /FROM ORIGIN/, target);
    }
  });

  it("refuses forms some server could read as the product's paths with 400", async () => {
    const ambiguous = [
      '/.well-known\\agent-card.json',
      '/.well-known%5Cagent-card.json',
      '/LLMS.TXT',
      '/Agent/health',
      '/llms.txt;v=1',
      '/agent;x/health',
      '//llms.txt',
      '//agent/health',
      '/agent%2Fhealth',
      '/img/%2e%2e%2fllms.txt',
      '/%ZZ/llms.txt',
    ];
    for (const target of ambiguous) {
      const { status, text } = await get(target);
      assert.equal(status, 400, target);
      assert.doesNotMatch(text, /FROM ORIGIN/, target);
    }
  });

  it("never asks the origin for one of the product's paths", () => {
    const asked = origin.seen.map((seen) => seen.target.split('?')[0]);
    for (const path of ownedAtOrigin) assert.ok(!asked.includes(path), path);
  });

  it("forwards the origin's own pages at their normalised path, escapes kept", async () => {
    for (const [target, forwarded] of [
      ['/about/./team', '/about/team'],
      ['/blog/2024/../2025/', '/blog/2025/'],
      ['/%7Ejane/cv%20final.pdf', '/~jane/cv%20final.pdf'],
      ['/search;jsessionid=1?q=a/../b', '/search;jsessionid=1?q=a/../b'],
    ] as const) {
      assert.equal((await get(target)).status, 200, target);
      assert.equal(origin.seen.at(-1)?.target, forwarded);
    }
  });
});
