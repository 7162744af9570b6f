import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import v8 from 'node:v8';
import vm from 'node:vm';
import { cacheLifetimeMs } from '../../../src/domain/callers/directory-fetch.ts';
import { KeyDirectories } from '../../../src/domain/callers/key-directories.ts';
import { createCallers } from '../../../src/domain/callers/callers.ts';
import { NonceCache } from '../../../src/domain/callers/nonce-cache.ts';
import { newKey, startDirectory, type DirectoryServer, type TestKey } from './signer.ts';

describe('KeyDirectories', () => {
  let key: TestKey;
  let server: DirectoryServer;
  const serveKeys = (cacheControl: string) => (response: import('node:http').ServerResponse) => {
    response.writeHead(200, {
      'content-type': 'application/http-message-signatures-directory+json',
      'cache-control': cacheControl,
    });
    response.end(JSON.stringify({ keys: [key.publicJwk] }));
  };

  before(async () => {
    key = await newKey();
    server = await startDirectory([]);
  });
  after(() => server.close());

  it('keeps a directory for its max-age and fetches it again after', async () => {
    server.respond = serveKeys('public, max-age=120');
    let now = 1_000_000;
    const directories = new KeyDirectories([server.origin], {}, () => now);
    const before = server.fetches;
    assert.equal((await directories.keys(server.origin)).size, 1);
    now += 119_000;
    await directories.keys(server.origin);
    assert.equal(server.fetches - before, 1);
    now += 2_000;
    await directories.keys(server.origin);
    assert.equal(server.fetches - before, 2);
  });

  it('shares one fetch among callers that ask at the same time', async () => {
    server.respond = serveKeys('max-age=600');
    const directories = new KeyDirectories([server.origin]);
    const before = server.fetches;
    const all = await Promise.all(Array.from({ length: 10 }, () => directories.keys(server.origin)));
    assert.ok(all.every((keys) => keys.size === 1));
    assert.equal(server.fetches - before, 1);
  });

  it('gives no keys for an origin off the allowlist, without fetching it', async () => {
    const directories = new KeyDirectories(['https://agent.example']);
    const before = server.fetches;
    assert.equal((await directories.keys(server.origin)).size, 0);
    assert.equal(server.fetches, before);
  });

  it('refuses a directory larger than the limit, with or without Content-Length, and remembers the failure', async () => {
    for (const chunked of [false, true]) {
      server.respond = (response) => {
        const body = JSON.stringify({ keys: [key.publicJwk], padding: 'x'.repeat(100_000) });
        response.writeHead(200, chunked ? {} : { 'content-length': Buffer.byteLength(body) });
        if (chunked) for (let i = 0; i < body.length; i += 8_192) response.write(body.slice(i, i + 8_192));
        response.end(chunked ? undefined : body);
      };
      const directories = new KeyDirectories([server.origin], { maxBytes: 64 * 1024 });
      const before = server.fetches;
      assert.equal((await directories.keys(server.origin)).size, 0);
      assert.equal((await directories.keys(server.origin)).size, 0);
      assert.equal(server.fetches - before, 1, 'a failure is cached, not fetched again at once');
    }
  });

  it('gives up on a directory slower than the fetch timeout', async () => {
    let answered = false;
    server.respond = (response) => {
      setTimeout(() => {
        answered = true;
        serveKeys('max-age=600')(response);
      }, 1_500).unref();
    };
    const directories = new KeyDirectories([server.origin], { fetchTimeoutMs: 200 });
    assert.equal((await directories.keys(server.origin)).size, 0);
    assert.equal(answered, false, 'the fetch ended before the directory answered');
  });

  it('asks for the directory media type', async () => {
    server.respond = serveKeys('max-age=600');
    await new KeyDirectories([server.origin]).keys(server.origin);
    assert.equal(server.accepts.at(-1), 'application/http-message-signatures-directory+json');
  });

  it('does not follow a redirect to another server that holds the key, so the signature does not verify', async () => {
    const target = await startDirectory([key.publicJwk]);
    try {
      server.respond = (response) =>
        response.writeHead(302, { location: `${target.origin}/.well-known/http-message-signatures-directory` }).end();
      const directories = new KeyDirectories([server.origin]);
      assert.equal((await directories.keys(server.origin)).size, 0);
      const site = 'https://agency.test';
      const callers = createCallers({ keyDirectories: [server.origin], siteUrls: [site] });
      const headers = await key.sign(`${site}/`, { 'signature-agent': `"${server.origin}"` });
      assert.equal(
        (await callers.classify({ method: 'GET', authority: 'agency.test', path: '/', headers })).verified,
        false,
      );
      assert.equal(target.fetches, 0, 'the redirect target was never asked');
    } finally {
      await target.close();
    }
  });

  it('skips keys that are not Ed25519 and rejects a document without a key list', async () => {
    server.respond = (response) =>
      response.end(
        JSON.stringify({
          keys: [{ kty: 'RSA', n: 'x', e: 'AQAB' }, key.publicJwk, { kty: 'OKP', crv: 'Ed25519', x: 42 }],
        }),
      );
    assert.equal((await new KeyDirectories([server.origin]).keys(server.origin)).size, 1);
    server.respond = (response) => response.end('{"not":"keys"}');
    assert.equal((await new KeyDirectories([server.origin]).keys(server.origin)).size, 0);
  });

  it('lets the first signed request wait only briefly for a slow directory, and verifies once it is cached', async () => {
    let release: () => void = () => {};
    server.respond = (response) => {
      release = () => serveKeys('max-age=600')(response);
    };
    const site = 'http://agency.test';
    const callers = createCallers({ keyDirectories: [server.origin], siteUrls: [site], waitMs: 100 });
    const sign = async () => key.sign(`${site}/`, { 'signature-agent': `"${server.origin}"` });
    const request = async () => ({ method: 'GET', authority: 'agency.test', path: '/', headers: await sign() });
    const first = await callers.classify(await request());
    assert.equal(first.verified, false, 'answered before the directory did');
    release();
    await callers.directories.keys(server.origin);
    assert.equal((await callers.classify(await request())).verified, true);
  });
});

describe('cacheLifetimeMs', () => {
  const bounds = { minTtlMs: 60_000, maxTtlMs: 86_400_000 };
  const ttl = (headers: Record<string, string>): number =>
    cacheLifetimeMs(new Headers(headers), Date.parse('2026-11-21T12:00:00Z'), bounds);

  it('reads max-age, preferring s-maxage', () => {
    assert.equal(ttl({ 'cache-control': 'public, max-age=3600' }), 3_600_000);
    assert.equal(ttl({ 'cache-control': 'max-age=3600, s-maxage=7200' }), 7_200_000);
  });

  it('reads Expires against Date when there is no max-age', () => {
    assert.equal(ttl({ date: 'Sat, 21 Nov 2026 12:00:00 GMT', expires: 'Sat, 21 Nov 2026 14:00:00 GMT' }), 7_200_000);
  });

  it('keeps within the floor and the ceiling', () => {
    assert.equal(ttl({ 'cache-control': 'max-age=5' }), 60_000);
    assert.equal(ttl({ 'cache-control': 'max-age=99999999' }), 86_400_000);
    assert.equal(ttl({ 'cache-control': 'no-store' }), 60_000);
    assert.equal(ttl({}), 60_000);
  });
});

describe('NonceCache', () => {
  it('refuses a nonce seen before it expired and accepts it again after', () => {
    const nonces = new NonceCache();
    assert.equal(nonces.remember('a', 2_000, 1_000), true);
    assert.equal(nonces.remember('a', 2_000, 1_500), false);
    assert.equal(nonces.remember('a', 4_000, 2_500), true);
  });

  it('stays within its bound, dropping the oldest first', () => {
    const nonces = new NonceCache(3);
    for (const nonce of ['a', 'b', 'c', 'd']) nonces.remember(nonce, 10_000, 1_000);
    assert.equal(nonces.size, 3);
    assert.equal(nonces.remember('d', 10_000, 1_000), false);
    assert.equal(nonces.remember('a', 10_000, 1_000), true);
  });

  it('keeps 20 000 nonces built a character at a time, as a parser builds them, in under 10 MB', () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const nonces = new NonceCache();
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let n = 0; n < 20_000; n++) {
      let nonce = `https://agent.example k1 ${n} `;
      for (let c = 0; c < 64; c++) nonce += alphabet[(n * 7 + c * 13) % 64];
      nonces.remember(nonce, 10_000, 1_000);
    }
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    assert.equal(nonces.size, 20_000);
    assert.ok(grown < 10_000_000, `the cache grew the heap by ${(grown / 1e6).toFixed(1)} MB`);
  });
});
