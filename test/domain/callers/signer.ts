// Test signer and key directory for Web Bot Auth: a real Ed25519 key signed by the web-bot-auth
// library, and a real HTTP server on loopback that serves the directory and counts its fetches.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { webcrypto } from 'node:crypto';
import { HTTP_MESSAGE_SIGNATURES_DIRECTORY, MediaType, signatureHeaders } from 'web-bot-auth';
import { signerFromJWK } from 'web-bot-auth/crypto';
import type { SignatureParams } from 'web-bot-auth';

export interface TestKey {
  publicJwk: webcrypto.JsonWebKey;
  privateJwk: webcrypto.JsonWebKey;
  sign(url: string, headers?: Record<string, string>, params?: Partial<SignatureParams>): Promise<Record<string, string>>;
}

/** A fresh Ed25519 key pair; sign() returns the request headers to send (Signature, Signature-Input and the ones given). */
export async function newKey(): Promise<TestKey> {
  const pair = (await webcrypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as unknown as webcrypto.CryptoKeyPair;
  const privateJwk = await webcrypto.subtle.exportKey('jwk', pair.privateKey);
  const publicJwk = await webcrypto.subtle.exportKey('jwk', pair.publicKey);
  const signer = await signerFromJWK(privateJwk);
  return {
    publicJwk,
    privateJwk,
    async sign(url, headers = {}, params = {}) {
      const now = new Date();
      const signed = await signatureHeaders({ method: 'GET', url, headers }, signer, {
        created: now,
        expires: new Date(now.getTime() + 60_000),
        ...params,
      });
      return { ...headers, signature: signed.Signature, 'signature-input': signed['Signature-Input'] };
    },
  };
}

export interface DirectoryServer {
  origin: string;
  /** Requests the server has received. */
  fetches: number;
  /** What the next requests get; change it during a test. */
  respond: (response: http.ServerResponse) => void;
  close(): Promise<void>;
}

/** A key directory on loopback serving `keys` with `Cache-Control: max-age=600`, counting fetches. */
export async function startDirectory(keys: webcrypto.JsonWebKey[]): Promise<DirectoryServer> {
  const state: DirectoryServer = {
    origin: '',
    fetches: 0,
    respond: (response) => {
      response.writeHead(200, { 'content-type': MediaType.HTTP_MESSAGE_SIGNATURES_DIRECTORY, 'cache-control': 'max-age=600' });
      response.end(JSON.stringify({ keys }));
    },
    close: async () => {},
  };
  const server = http.createServer((request, response) => {
    state.fetches += 1;
    if (request.url !== HTTP_MESSAGE_SIGNATURES_DIRECTORY) {
      response.writeHead(404).end();
      return;
    }
    state.respond(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return state;
}

/** An agent operator: one key, its directory on loopback, and signed headers naming that directory. */
export interface SigningAgent {
  key: TestKey;
  directory: DirectoryServer;
  /** Signature headers for a request to `url` (plus `headers`), with Signature-Agent set. */
  sign(url: string, headers?: Record<string, string>, params?: Partial<SignatureParams>): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/** A fresh operator whose directory is up; trust it with AGENT_KEY_DIRECTORIES=`agent.directory.origin`. */
export async function startSigningAgent(): Promise<SigningAgent> {
  const key = await newKey();
  const directory = await startDirectory([key.publicJwk]);
  return {
    key,
    directory,
    sign: (url, headers = {}, params) => key.sign(url, { 'signature-agent': `"${directory.origin}"`, ...headers }, params),
    close: () => directory.close(),
  };
}
