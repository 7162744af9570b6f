// How long key directory answers are trusted: a refresh that fails (an error status, a redirect, a
// timeout, a broken document) keeps the keys fetched last, for as long as the outage lasts, and a
// negative answer (a failed fetch, a key id the directory lacked) stands at most 5 minutes.
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createCallers } from '../../../src/domain/callers/callers.ts';
import { KeyDirectories } from '../../../src/domain/callers/key-directories.ts';
import { agentMember, newKey, startDirectory, type DirectoryServer, type TestKey } from './signer.ts';

const minute = 60_000;
const site = 'https://agency.test';

describe('key directory refreshes', () => {
  let key: TestKey;
  let rotated: TestKey;
  let server: DirectoryServer;
  const serve = (keys: TestKey[], maxAge: number) => (response: ServerResponse) => {
    response.writeHead(200, {
      'content-type': 'application/http-message-signatures-directory+json',
      'cache-control': `max-age=${maxAge}`,
    });
    response.end(JSON.stringify({ keys: keys.map((k) => k.publicJwk) }));
  };
  const failures: [string, (response: ServerResponse) => void][] = [
    ['a 500', (response) => response.writeHead(500).end()],
    [
      'a 302 to a copy of the directory',
      (response) =>
        response.writeHead(302, { location: `${server.origin}/.well-known/http-message-signatures-directory` }).end(),
    ],
    ['a document without keys', (response) => response.end('{"keys": "none"}')],
    ['no answer within the timeout', () => {}],
  ];

  before(async () => {
    [key, rotated] = [await newKey(), await newKey()];
    server = await startDirectory([]);
  });
  after(() => server.close());

  it('keeps a cached key through every kind of failed refresh, two days of them', async () => {
    server.respond = serve([key], 60);
    let now = 1_000_000;
    const directories = new KeyDirectories([server.origin], { fetchTimeoutMs: 200 }, () => now);
    assert.ok(await directories.key(server.origin, key.keyid));
    for (const [what, respond] of failures) {
      server.respond = respond;
      now += 24 * 60 * minute;
      const before = server.fetches;
      assert.ok(await directories.key(server.origin, key.keyid), `the key is gone after ${what}`);
      assert.equal(server.fetches - before, 1, `${what} was a refresh`);
    }
  });

  it('verifies a signed request while its directory is down, once the key was fetched', async () => {
    server.respond = serve([key], 60);
    let offset = 0;
    const callers = createCallers({
      keyDirectories: [server.origin],
      siteUrls: [site],
      now: () => Date.now() + offset,
    });
    const signed = async (): Promise<boolean> => {
      const created = Math.floor((Date.now() + offset) / 1000);
      const headers = await key.signWith(`${site}/`, {
        headers: { 'signature-agent': `sig1="${server.origin}"` },
        components: ['@authority', agentMember('sig1')],
        parameters: { created, expires: created + 60 },
      });
      return (await callers.classify({ method: 'GET', authority: 'agency.test', path: '/', headers })).verified;
    };
    assert.equal(await signed(), true);
    server.respond = (response) => response.writeHead(503).end();
    offset = 10 * minute;
    const before = server.fetches;
    assert.equal(await signed(), true);
    assert.equal(server.fetches - before, 1, 'the stale directory was asked, and failed');
  });

  it('asks a failed directory again within 5 minutes, however long the failure was to be kept', async () => {
    server.respond = (response) => response.writeHead(404).end();
    let now = 1_000_000;
    const directories = new KeyDirectories([server.origin], { failureTtlMs: 60 * minute }, () => now);
    assert.equal(await directories.key(server.origin, key.keyid), undefined);
    server.respond = serve([key], 600);
    now += 4 * minute;
    assert.equal(await directories.key(server.origin, key.keyid), undefined, 'the failure stands for a while');
    now += minute;
    assert.ok(await directories.key(server.origin, key.keyid), 'asked again after 5 minutes');
  });

  it('fetches a cached directory again for a key id it lacked, at most once per 5 minutes', async () => {
    server.respond = serve([key], 3_600);
    let now = 1_000_000;
    const directories = new KeyDirectories([server.origin], {}, () => now);
    await directories.key(server.origin, key.keyid);
    // The operator publishes a second key; the cached copy (good for an hour) does not have it yet.
    server.respond = serve([key, rotated], 3_600);
    const before = server.fetches;
    now += minute;
    for (let i = 0; i < 5; i += 1) assert.equal(await directories.key(server.origin, rotated.keyid), undefined);
    assert.equal(server.fetches, before, 'an unknown key id does not fetch on every request');
    now += 4 * minute;
    assert.ok(
      await directories.key(server.origin, rotated.keyid),
      'the new key is found 5 minutes after the last fetch',
    );
    assert.equal(server.fetches - before, 1);
  });
});
