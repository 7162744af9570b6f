// Web Bot Auth traffic for the bench: key directories served on loopback (several operators, so the
// load stays inside each operator's budget) and requests signed ahead of time by the web-bot-auth
// library, each with its own nonce (a replay would not verify), so signing costs the load generator
// nothing while it measures.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import {
  HTTP_MESSAGE_SIGNATURES_DIRECTORY,
  helpers,
  jwkToKeyID,
  signatureHeadersSync,
  type SignerSync,
} from 'web-bot-auth';
import type { Scenario } from './load.ts';

interface Operator {
  origin: string;
  signer: SignerSync;
  server: http.Server;
}

export interface SignedTraffic {
  /** The server's environment: the directories' origins and a budget the bench cannot exhaust. */
  env: Record<string, string>;
  /** Signs `count` requests for `url` ahead of the load (a few seconds per 10 000). */
  prepare(url: string, count: number): void;
  /** Requests that had to be signed during the load because the prepared ones ran out. */
  readonly signedDuringLoad: number;
  scenario(key: string, url: string, connections: number): Scenario;
  /** Sends one signed request and throws unless the server counted it as a verified operator's. */
  checkVerified(url: string): Promise<void>;
  stop(): Promise<void>;
}

const operatorCount = 4;

export async function startSignedTraffic(): Promise<SignedTraffic> {
  const operators = await Promise.all(Array.from({ length: operatorCount }, () => startOperator()));
  const signed: Record<string, string>[] = [];
  let next = 0;
  let target = '';
  const signOne = (i: number): Record<string, string> => {
    const operator = operators[i % operators.length]!;
    const now = new Date();
    const headers = { 'signature-agent': `"${operator.origin}"` };
    const nonce = randomBytes(64).toString('base64');
    const signature = signatureHeadersSync({ method: 'GET', url: target, headers }, operator.signer, {
      created: now,
      expires: new Date(now.getTime() + 30 * 60_000),
      nonce,
    });
    return { ...headers, signature: signature.Signature, 'signature-input': signature['Signature-Input'] };
  };
  return {
    env: { AGENT_KEY_DIRECTORIES: operators.map((o) => o.origin).join(','), AGENT_RATE_LIMIT_PER_MINUTE: '60000' },
    prepare(url, count) {
      target = url;
      for (let i = 0; i < count; i += 1) signed.push(signOne(i));
    },
    get signedDuringLoad() {
      return Math.max(0, next - signed.length);
    },
    scenario(key, url, connections) {
      return {
        key,
        name: `GET ${new URL(url).pathname}, Web Bot Auth signed (verified)`,
        url,
        expectStatus: 200,
        connections,
        // Past the prepared ones, each request is signed as it goes (slower for the load generator).
        perRequest: () => {
          const headers = signed[next] ?? signOne(next);
          next += 1;
          return { headers };
        },
      };
    },
    async checkVerified(url) {
      target = url;
      const response = await fetch(url, { headers: signOne(0) });
      await response.arrayBuffer();
      // A signature that did not verify is still served (200): only the budget it spent tells.
      if (!response.headers.get('ratelimit-policy')?.includes('"agent-minute"')) {
        throw new Error(
          `a signed request to ${url} was not verified (RateLimit-Policy: ${response.headers.get('ratelimit-policy')})`,
        );
      }
    },
    async stop() {
      await Promise.all(operators.map((o) => new Promise((resolve) => o.server.close(resolve))));
    },
  };
}

async function startOperator(): Promise<Operator> {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  const server = http.createServer((request, response) => {
    if (request.url !== HTTP_MESSAGE_SIGNATURES_DIRECTORY) return void response.writeHead(404).end();
    response.writeHead(200, {
      'content-type': 'application/http-message-signatures-directory+json',
      'cache-control': 'max-age=3600',
    });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const keyid = await jwkToKeyID(
    jwk as Parameters<typeof jwkToKeyID>[0],
    helpers.WEBCRYPTO_SHA256,
    helpers.BASE64URL_DECODE,
  );
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    signer: ed25519Signer(keyid, privateKey),
    server,
  };
}

/** A synchronous Ed25519 signer over node:crypto, in the shape web-bot-auth signs with. */
function ed25519Signer(keyid: string, privateKey: KeyObject): SignerSync {
  return { alg: 'ed25519', keyid, signSync: (data) => new Uint8Array(sign(null, Buffer.from(data), privateKey)) };
}
