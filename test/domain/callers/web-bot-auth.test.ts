import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Caller, CallerRequest } from '../../../src/domain/callers/caller.ts';
import { createCallers, type CallerOptions, type Callers } from '../../../src/domain/callers/callers.ts';
import { newKey, startDirectory, startSigningAgent, type DirectoryServer, type SigningAgent } from './signer.ts';

const site = 'http://agency.test:8080';
const gptBot = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';

/** A request to this site (Host agency.test:8080) with the given headers. */
function request(
  headers: Record<string, string>,
  authority = 'agency.test:8080',
  path = '/agent/health',
): CallerRequest {
  return { method: 'GET', authority, path, headers: { 'user-agent': gptBot, ...headers } };
}

describe('Web Bot Auth recognition', () => {
  let agent: SigningAgent;
  let outsider: DirectoryServer;

  before(async () => {
    agent = await startSigningAgent();
    outsider = await startDirectory([agent.key.publicJwk]);
  });
  after(async () => {
    await agent.close();
    await outsider.close();
  });

  const callers = (options: Partial<CallerOptions> = {}): Callers =>
    createCallers({ keyDirectories: [agent.directory.origin], siteUrls: [site], ...options });
  const declaredGptBot: Caller = {
    kind: 'declared-agent',
    family: 'OpenAI',
    purpose: 'training-crawler',
    verified: false,
  };

  it('verifies a signed request against the allowlisted directory and keys the caller by its origin', async () => {
    const caller = await callers().classify(request(await agent.sign(`${site}/agent/health`)));
    assert.deepEqual(caller, {
      kind: 'verified-agent',
      family: '127.0.0.1',
      purpose: 'agent',
      verified: true,
      agentKey: agent.directory.origin,
    });
  });

  it('finds the key among the allowlisted directories when the request names none', async () => {
    const caller = await callers().classify(request(await agent.key.sign(`${site}/agent/health`)));
    assert.equal(caller.verified, true);
    assert.equal(caller.agentKey, agent.directory.origin);
  });

  it('classifies an unsigned request synchronously, without any fetch', () => {
    const before = agent.directory.fetches;
    const caller = callers().classify(request({}));
    assert.ok(!(caller instanceof Promise));
    assert.deepEqual(caller, declaredGptBot);
    assert.equal(agent.directory.fetches, before);
  });

  it('ignores signatures entirely when no directory is configured', () => {
    const caller = callers({ keyDirectories: [] }).classify(
      request({ signature: 'sig1=:AAAA:', 'signature-input': 'sig1=()' }),
    );
    assert.deepEqual(caller, declaredGptBot);
  });

  it('fetches a directory once for many signed requests while its Cache-Control allows', async () => {
    const recognition = callers();
    const before = agent.directory.fetches;
    const results = await Promise.all(
      Array.from({ length: 20 }, async () => recognition.classify(request(await agent.sign(`${site}/agent/health`)))),
    );
    assert.ok(results.every((caller) => caller.verified));
    assert.equal(agent.directory.fetches - before, 1);
  });

  const unverified: [string, () => Promise<Record<string, string>>][] = [
    [
      'an expired signature',
      async () =>
        agent.sign(
          `${site}/agent/health`,
          {},
          { created: new Date(Date.now() - 120_000), expires: new Date(Date.now() - 60_000) },
        ),
    ],
    [
      'a signature not yet valid',
      async () =>
        agent.sign(
          `${site}/agent/health`,
          {},
          { created: new Date(Date.now() + 600_000), expires: new Date(Date.now() + 660_000) },
        ),
    ],
    [
      'a signature valid for longer than an hour',
      async () => agent.sign(`${site}/agent/health`, {}, { expires: new Date(Date.now() + 7_200_000) }),
    ],
    ['a signature made for another site', async () => agent.sign('https://elsewhere.test/agent/health')],
    [
      'a signature that does not cover @authority',
      async () => agent.key.sign(`${site}/agent/health`, {}, { components: ['@method'] }),
    ],
    [
      'a signature by a key the directory does not hold',
      async () => (await newKey()).sign(`${site}/agent/health`, { 'signature-agent': `"${agent.directory.origin}"` }),
    ],
    [
      'a signature with another tag',
      async () =>
        agent.key.signWith(`${site}/agent/health`, {
          components: ['@authority'],
          parameters: { tag: 'not-web-bot-auth' },
        }),
    ],
    [
      'a Signature header that is not base64',
      async () => ({ ...(await agent.key.sign(`${site}/agent/health`)), signature: 'sig1=:%%%not base64%%%:' }),
    ],
    [
      'a Signature-Input that is not a structured field',
      async () => ({ ...(await agent.key.sign(`${site}/agent/health`)), 'signature-input': 'sig1=((((' }),
    ],
    [
      'a Signature-Agent that is not a URL',
      async () => agent.key.sign(`${site}/agent/health`, { 'signature-agent': '"not a url"' }),
    ],
  ];
  for (const [what, headers] of unverified) {
    it(`falls back to the User-Agent for ${what}`, async () => {
      assert.deepEqual(await callers().classify(request(await headers())), declaredGptBot);
    });
  }

  it('does not verify a request sent to a host that is not this site', async () => {
    const headers = await agent.sign('http://other.test/agent/health');
    assert.deepEqual(await callers().classify(request(headers, 'other.test')), declaredGptBot);
  });

  it('does not let a path starting with // change the authority that was signed', async () => {
    const headers = await agent.sign('http://elsewhere.test/x');
    assert.deepEqual(
      await callers().classify(request(headers, 'agency.test:8080', '//elsewhere.test/x')),
      declaredGptBot,
    );
  });

  it('verifies a signature once and counts a replay of it as unverified', async () => {
    const recognition = callers();
    const headers = await agent.sign(`${site}/agent/health`);
    assert.equal((await recognition.classify(request(headers))).verified, true);
    assert.deepEqual(await recognition.classify(request(headers)), declaredGptBot);
  });

  it('never fetches a directory whose origin is not allowlisted', async () => {
    const headers = await agent.key.sign(`${site}/agent/health`, { 'signature-agent': `"${outsider.origin}"` });
    assert.deepEqual(await callers().classify(request(headers)), declaredGptBot);
    assert.equal(outsider.fetches, 0);
  });

  it('takes the purpose from the User-Agent only when it names the same operator as the directory', async () => {
    // The loopback directory's family is its host name, not OpenAI: GPTBot's training purpose is not believed.
    const caller = await callers().classify(request(await agent.sign(`${site}/agent/health`)));
    assert.equal(caller.family, '127.0.0.1');
    assert.equal(caller.purpose, 'agent');
  });
});
