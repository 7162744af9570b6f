// draft-ietf-webbotauth-httpsig-protocol-00 §5.5: a Signature-Agent member may name a key set's URL
// (`type=jwks_uri`) beside directory origins. Requests are signed as the draft describes (the
// member covered as "signature-agent";key="<label>", keyid the key's thumbprint, tag web-bot-auth)
// by the web-bot-auth package's signer, and the key sets are served by a real server on loopback,
// trusted when its origin is on AGENT_KEY_DIRECTORIES.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { CallerRequest } from '../../../src/domain/callers/caller.ts';
import { createCallers, type Callers } from '../../../src/domain/callers/callers.ts';
import { closeServer, listenOnLoopback } from '../../helpers/loopback-server.ts';
import { agentMember, newKey, startSigningAgent, type SigningAgent, type TestKey } from './signer.ts';

const site = 'https://agency.test';
const url = `${site}/agent/health`;
const request = (headers: Record<string, string>): CallerRequest => ({
  method: 'GET',
  authority: 'agency.test',
  path: '/agent/health',
  headers,
});

interface KeySetServer {
  origin: string;
  /** The path and Accept of each request received. */
  asked: { path: string; accept: string }[];
  close(): Promise<void>;
}

/** A JWK Set served at each of `sets` (path → keys), 404 elsewhere, 301 at /moved. */
async function startKeySets(sets: Record<string, unknown[]>): Promise<KeySetServer> {
  const asked: KeySetServer['asked'] = [];
  const server = http.createServer((req, res) => {
    asked.push({ path: req.url ?? '', accept: req.headers.accept ?? '' });
    if (req.url === '/moved') return void res.writeHead(301, { location: '/keys/agent.json' }).end();
    const keys = sets[req.url ?? ''];
    if (!keys) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/jwk-set+json', 'cache-control': 'max-age=600' });
    res.end(JSON.stringify({ keys }));
  });
  return { origin: await listenOnLoopback(server), asked, close: () => closeServer(server) };
}

describe('Web Bot Auth jwks_uri members', () => {
  let key: TestKey;
  let keySets: KeySetServer;
  let untrusted: KeySetServer;
  let directoryAgent: SigningAgent;
  let callers: Callers;
  const keySetUrl = (path = '/keys/agent.json') => `${keySets.origin}${path}`;
  const signAs = (label: string, signatureAgent: string, covered = label) =>
    key.signWith(url, {
      label,
      headers: { 'signature-agent': signatureAgent },
      components: ['@authority', agentMember(covered)],
    });

  before(async () => {
    key = await newKey();
    keySets = await startKeySets({ '/keys/agent.json': [key.publicJwk] });
    untrusted = await startKeySets({ '/keys/agent.json': [key.publicJwk] });
    directoryAgent = await startSigningAgent();
    callers = createCallers({ keyDirectories: [keySets.origin, directoryAgent.directory.origin], siteUrls: [site] });
  });
  after(async () => {
    await keySets.close();
    await untrusted.close();
    await directoryAgent.close();
  });

  it("verifies a signature whose covered member is a key set's URL, and names the key set's origin", async () => {
    const headers = await signAs('sig1', `sig1="${keySetUrl()}";type=jwks_uri`);
    const caller = await callers.classify(request(headers));
    assert.equal(caller.verified, true);
    assert.equal(caller.agentKey, keySets.origin, 'insight and the per-operator budget key on the origin');
    assert.deepEqual(keySets.asked.at(-1), {
      path: '/keys/agent.json',
      accept: 'application/jwk-set+json, application/json',
    });
  });

  it('reads a jwks_uri member beside a labelled directory member, each for the signature that covers it', async () => {
    const both = `dir="${directoryAgent.directory.origin}", sig1="${keySetUrl()}";type=jwks_uri`;
    assert.equal((await callers.classify(request(await signAs('sig1', both)))).agentKey, keySets.origin);
    const byDirectory = await directoryAgent.key.signWith(url, {
      label: 'dir',
      headers: { 'signature-agent': both },
      components: ['@authority', agentMember('dir')],
    });
    assert.equal((await callers.classify(request(byDirectory))).agentKey, directoryAgent.directory.origin);
  });

  it('does not verify a jwks_uri member the signature does not cover', async () => {
    const headers = await signAs(
      'sig1',
      `sig1="${keySetUrl()}";type=jwks_uri, other="${keySetUrl()}";type=jwks_uri`,
      'other',
    );
    assert.equal((await callers.classify(request(headers))).verified, false);
  });

  it('never fetches a key set on an origin not on the allowlist', async () => {
    const headers = await signAs('sig1', `sig1="${untrusted.origin}/keys/agent.json";type=jwks_uri`);
    assert.equal((await callers.classify(request(headers))).verified, false);
    assert.equal(untrusted.asked.length, 0);
  });

  it('does not follow a key set URL that redirects, nor read one that is missing', async () => {
    for (const path of ['/moved', '/keys/missing.json']) {
      const headers = await signAs('sig1', `sig1="${keySetUrl(path)}";type=jwks_uri`);
      assert.equal((await callers.classify(request(headers))).verified, false, path);
    }
  });

  it('keeps a few key-set URLs per origin, invented ones making room for the real one', async () => {
    const fresh = createCallers({ keyDirectories: [keySets.origin], siteUrls: [site] });
    for (let i = 0; i < 6; i += 1) {
      const headers = await signAs('sig1', `sig1="${keySetUrl(`/invented/${i}.json`)}";type=jwks_uri`);
      assert.equal((await fresh.classify(request(headers))).verified, false);
    }
    const headers = await signAs('sig1', `sig1="${keySetUrl()}";type=jwks_uri`);
    assert.equal((await fresh.classify(request(headers))).verified, true);
  });
});
