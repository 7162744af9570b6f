// draft-ietf-webbotauth-httpsig-protocol-01: the Signature-Agent Dictionary and its covered member,
// the legacy string form beside it, the required tag, and the keyid as the key's JWK thumbprint.
// Every request is signed with the web-bot-auth package's signer (see signer.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { webcrypto } from 'node:crypto';
import type { CallerRequest } from '../../../src/domain/callers/caller.ts';
import { createCallers, type Callers } from '../../../src/domain/callers/callers.ts';
import {
  agentMember,
  newKey,
  startDirectory,
  startSigningAgent,
  type DirectoryServer,
  type SigningAgent,
  type TestKey,
} from './signer.ts';

const site = 'https://agency.test';
const url = `${site}/agent/health`;

function request(headers: Record<string, string>): CallerRequest {
  return { method: 'GET', authority: 'agency.test', path: '/agent/health', headers };
}

describe('Web Bot Auth draft -01', () => {
  let agent: SigningAgent;
  let kidKey: TestKey;
  let kidDirectory: DirectoryServer;
  let callers: Callers;
  const verified = async (headers: Record<string, string>): Promise<boolean> =>
    (await callers.classify(request(headers))).verified;
  /** Signature-Agent in the -01 form, the member named `label` pointing at the agent's directory. */
  const dictionary = (label = 'sig1'): Record<string, string> => ({
    'signature-agent': `${label}="${agent.directory.origin}"`,
  });

  before(async () => {
    agent = await startSigningAgent();
    kidKey = await newKey();
    // A directory whose key carries its own `kid`, which is not what a signature's keyid may name.
    kidDirectory = await startDirectory([{ ...kidKey.publicJwk, kid: 'agent-key-1' } as webcrypto.JsonWebKey]);
    callers = createCallers({ keyDirectories: [agent.directory.origin, kidDirectory.origin], siteUrls: [site] });
  });
  after(async () => {
    await agent.close();
    await kidDirectory.close();
  });

  it('verifies the Dictionary form, its member covered as "signature-agent";key="sig1"', async () => {
    const headers = await agent.signDictionary(url);
    assert.match(headers['signature-agent']!, /^sig1="http:\/\/127\.0\.0\.1:\d+"$/);
    assert.match(
      headers['signature-input']!,
      /^sig1=\("@authority" "signature-agent";key="sig1"\);.*tag="web-bot-auth"/,
    );
    const caller = await callers.classify(request(headers));
    assert.equal(caller.verified, true);
    assert.equal(caller.agentKey, agent.directory.origin);
  });

  it("reads the member keyed by the signature's own label among several", async () => {
    const headers = await agent.key.signWith(url, {
      label: 'agent7',
      headers: {
        'signature-agent': `other="https://elsewhere.example", agent7="${agent.directory.origin}";type=directory`,
      },
      components: ['@authority', agentMember('agent7')],
    });
    assert.equal(await verified(headers), true);
  });

  it('reads the one member a signature relabelled by an intermediary covers', async () => {
    // Signed as `agent2`, then relabelled `sig2` (RFC 9421 §7.2.5): the covered member key stays agent2.
    const signed = await agent.key.signWith(url, {
      label: 'agent2',
      headers: dictionary('agent2'),
      components: ['@authority', agentMember('agent2')],
    });
    const relabelled = {
      ...signed,
      signature: signed.signature!.replace(/^agent2=/, 'sig2='),
      'signature-input': signed['signature-input']!.replace(/^agent2=/, 'sig2='),
    };
    assert.equal(await verified(relabelled), true);
  });

  it("still verifies the legacy string form, signed by web-bot-auth's signatureHeaders", async () => {
    const headers = await agent.sign(url);
    assert.equal(headers['signature-agent'], `"${agent.directory.origin}"`);
    assert.match(headers['signature-input']!, /^sig1=\("@authority" "signature-agent"\)/);
    assert.equal(await verified(headers), true);
  });

  it('takes the Web Bot Auth signature among others on the request, by its tag', async () => {
    const ours = await agent.signDictionary(url);
    const theirs = await agent.key.signWith(url, {
      label: 'cdn',
      components: ['@authority'],
      parameters: { tag: 'cdn-hop' },
    });
    const both = {
      ...ours,
      signature: `${theirs.signature}, ${ours.signature}`,
      'signature-input': `${theirs['signature-input']}, ${ours['signature-input']}`,
    };
    assert.equal(await verified(both), true);
  });

  it('spends every Web Bot Auth signature of a request with it, so no copy verifies again, whole or stripped', async () => {
    let offsetMs = 0;
    const recognition = createCallers({
      keyDirectories: [agent.directory.origin],
      siteUrls: [site],
      now: () => Date.now() + offsetMs,
    });
    const verifiedNow = async (headers: Record<string, string>): Promise<boolean> =>
      (await recognition.classify(request(headers))).verified;
    const first = await agent.signDictionary(url, 'agent');
    // The second lives ten minutes: it must stay spent after the first has expired.
    const created = Math.floor(Date.now() / 1000);
    const second = await agent.key.signWith(url, {
      label: 'browser',
      headers: dictionary('browser'),
      components: ['@authority', agentMember('browser')],
      parameters: { created, expires: created + 600 },
    });
    const both = {
      'signature-agent': `agent="${agent.directory.origin}", browser="${agent.directory.origin}"`,
      signature: `${first.signature}, ${second.signature}`,
      'signature-input': `${first['signature-input']}, ${second['signature-input']}`,
    };
    assert.equal(await verifiedNow(both), true);
    assert.equal(await verifiedNow(both), false, 'the same request again');
    assert.equal(await verifiedNow(first), false, 'the first signature alone');
    offsetMs = 120_000;
    assert.equal(await verifiedNow(second), false, 'the second signature alone, after the first expired');
  });

  const refused: [string, () => Promise<Record<string, string>>][] = [
    [
      'a Dictionary member the signature does not cover',
      () => agent.key.signWith(url, { headers: dictionary(), components: ['@authority'] }),
    ],
    [
      'a Dictionary covered as the whole field instead of its member',
      () => agent.key.signWith(url, { headers: dictionary(), components: ['@authority', 'signature-agent'] }),
    ],
    [
      "a Dictionary whose member for the signature's label is not covered, though another is",
      () =>
        agent.key.signWith(url, {
          headers: { 'signature-agent': `sig1="${agent.directory.origin}", other="${agent.directory.origin}"` },
          components: ['@authority', agentMember('other')],
        }),
    ],
    [
      'a relabelled signature covering two members, neither with its label',
      () =>
        agent.key.signWith(url, {
          headers: { 'signature-agent': `a="${agent.directory.origin}", b="${agent.directory.origin}"` },
          components: ['@authority', agentMember('a'), agentMember('b')],
        }),
    ],
    [
      'a member of a discovery type other than directory',
      () =>
        agent.key.signWith(url, {
          headers: { 'signature-agent': `sig1="${agent.directory.origin}/card";type=cimd` },
          components: ['@authority', agentMember('sig1')],
        }),
    ],
    [
      'a Dictionary member that is not a string',
      () =>
        agent.key.signWith(url, {
          headers: { 'signature-agent': 'sig1=agent' },
          components: ['@authority', agentMember('sig1')],
        }),
    ],
    // web-bot-auth's signatureHeaders refuses to sign this, so it is signed as the -01 cases are.
    [
      'a legacy Signature-Agent the signature does not cover',
      () =>
        agent.key.signWith(url, {
          headers: { 'signature-agent': `"${agent.directory.origin}"` },
          components: ['@authority'],
        }),
    ],
    [
      'a signature without a tag',
      () =>
        agent.key.signWith(url, {
          headers: dictionary(),
          components: ['@authority', agentMember('sig1')],
          parameters: { tag: undefined },
        }),
    ],
    [
      'a signature tagged other than web-bot-auth',
      () =>
        agent.key.signWith(url, {
          headers: dictionary(),
          components: ['@authority', agentMember('sig1')],
          parameters: { tag: 'web-bot-auth-01' },
        }),
    ],
    [
      "a keyid that is the key's own kid, not its thumbprint",
      () =>
        kidKey.signWith(url, {
          headers: { 'signature-agent': `sig1="${kidDirectory.origin}"` },
          components: ['@authority', agentMember('sig1')],
          parameters: { keyid: 'agent-key-1' },
        }),
    ],
    [
      'a keyid that is the thumbprint in hex',
      () =>
        agent.key.signWith(url, {
          headers: dictionary(),
          components: ['@authority', agentMember('sig1')],
          parameters: { keyid: Buffer.from(agent.key.keyid, 'base64url').toString('hex') },
        }),
    ],
  ];
  for (const [what, sign] of refused) {
    it(`does not verify ${what}`, async () => {
      assert.equal(await verified(await sign()), false);
    });
  }

  it('verifies the key with a kid when the signature names it by its thumbprint', async () => {
    const headers = await kidKey.signWith(url, {
      headers: { 'signature-agent': `sig1="${kidDirectory.origin}"` },
      components: ['@authority', agentMember('sig1')],
    });
    assert.equal(await verified(headers), true);
  });
});
