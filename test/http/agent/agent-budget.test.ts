import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { newKey, startDirectory, type DirectoryServer, type TestKey } from '../../domain/callers/signer.ts';

/** Fixed windows reset on the minute: start a multi-request test well inside one. */
async function awayFromMinuteBoundary(): Promise<void> {
  const intoMinute = (Date.now() / 1000) % 60;
  if (intoMinute > 50) await sleep((61 - intoMinute) * 1000);
}

describe('the read budget of a verified agent operator', () => {
  let app: TestApp;
  let directory: DirectoryServer;
  let key: TestKey;
  /** The app's public address (BASE_URL defaults to localhost): signatures are made for it. */
  let site: string;

  before(async () => {
    key = await newKey();
    directory = await startDirectory([key.publicJwk]);
    app = await startTestApp({ AGENT_KEY_DIRECTORIES: directory.origin, AGENT_RATE_LIMIT_PER_MINUTE: '3' });
    site = app.app.services.config.baseUrl;
  });
  after(async () => {
    await app.stop();
    await directory.close();
  });

  const signed = async (): Promise<Response> =>
    fetch(`${site}/agent/health`, { headers: await key.sign(`${site}/agent/health`, { 'signature-agent': `"${directory.origin}"` }) });

  it('is counted apart from the per-address budget of unsigned callers at the same address', async () => {
    await awayFromMinuteBoundary();
    for (let i = 1; i <= 3; i++) {
      const response = await signed();
      assert.equal(response.status, 200);
      assert.match(response.headers.get('ratelimit-policy') ?? '', /"agent-minute";q=3;w=60/);
      if (i === 1) assert.equal(response.headers.get('ratelimit-remaining'), '2');
    }
    const refused = await signed();
    assert.equal(refused.status, 429);
    assert.ok(refused.headers.get('retry-after'));

    // The same address without a signature still has its whole 300/min: the operator spent none of it.
    const unsigned = await fetch(`${site}/agent/health`);
    assert.equal(unsigned.status, 200);
    assert.match(unsigned.headers.get('ratelimit-policy') ?? '', /"general-minute";q=300;w=60/);
    assert.equal(unsigned.headers.get('ratelimit-remaining'), '299');
  });

  it('keeps a request whose signature does not verify on its address budget, and answers it normally', async () => {
    const expired = await key.sign(`${site}/agent/health`, { 'signature-agent': `"${directory.origin}"` }, {
      created: new Date(Date.now() - 120_000), expires: new Date(Date.now() - 60_000),
    });
    const response = await fetch(`${site}/agent/health`, { headers: expired });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('ratelimit-policy') ?? '', /"general-minute"/);
  });

  it('fetched the key directory once for all of these requests', () => {
    assert.equal(directory.fetches, 1);
  });
});
