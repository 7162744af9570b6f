// Test signer and key directory for Web Bot Auth: a real Ed25519 key signed by the web-bot-auth
// library, and a real HTTP server on loopback that serves the directory and counts its fetches.
// The legacy form (Signature-Agent as one string) is signed by web-bot-auth's signatureHeaders.
// That function builds a covered Dictionary member's value as the whole field, where RFC 9421
// §2.1.2 takes the member alone, so the draft -01 form (`"signature-agent";key="sig1"`) is signed
// by web-bot-auth's signer over the signature base of http-message-sig's createSignature.
import http from 'node:http';
import { webcrypto } from 'node:crypto';
import { component, createSignature, type SignatureComponent, type SignatureParameters } from 'http-message-sig';
import {
  HTTP_MESSAGE_SIGNATURE_TAG,
  HTTP_MESSAGE_SIGNATURES_DIRECTORY,
  MediaType,
  generateNonce,
  signatureHeaders,
} from 'web-bot-auth';
import { signerFromJWK } from 'web-bot-auth/crypto';
import type { SignatureParams } from 'web-bot-auth';
import { closeServer, listenOnLoopback } from '../../helpers/loopback-server.ts';

export interface TestKey {
  publicJwk: webcrypto.JsonWebKey;
  privateJwk: webcrypto.JsonWebKey;
  /** The key's JWK SHA-256 thumbprint, as web-bot-auth computes it. */
  keyid: string;
  /** Legacy form: web-bot-auth's own signature headers. */
  sign(
    url: string,
    headers?: Record<string, string>,
    params?: Partial<SignatureParams>,
  ): Promise<Record<string, string>>;
  /** Any form: `components` and `parameters` as given, over the draft's defaults (tag, keyid, nonce, a 60 s lifetime). */
  signWith(url: string, options: SignWithOptions): Promise<Record<string, string>>;
}

export interface SignWithOptions {
  headers?: Record<string, string>;
  label?: string;
  components: SignatureComponent[];
  parameters?: Partial<Record<keyof SignatureParameters, string | number>>;
}

/** The draft -01 binding of a Signature-Agent member: `"signature-agent";key="<label>"`. */
export const agentMember = (label: string): SignatureComponent => component('signature-agent', { key: label });

/** A fresh Ed25519 key pair; sign() returns the request headers to send (Signature, Signature-Input and the ones given). */
export async function newKey(): Promise<TestKey> {
  const pair = (await webcrypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as unknown as webcrypto.CryptoKeyPair;
  const privateJwk = await webcrypto.subtle.exportKey('jwk', pair.privateKey);
  const publicJwk = await webcrypto.subtle.exportKey('jwk', pair.publicKey);
  const signer = await signerFromJWK(privateJwk);
  return {
    publicJwk,
    privateJwk,
    keyid: signer.keyid,
    async signWith(url, { headers = {}, label = 'sig1', components, parameters = {} }) {
      const created = Math.floor(Date.now() / 1000);
      const fields = await createSignature(
        {
          kind: 'request',
          method: 'GET',
          targetUri: url,
          fields: Object.entries(headers).map(([name, value]) => ({ name, value })),
        },
        {
          label,
          components,
          parameters: {
            created,
            expires: created + 60,
            keyid: signer.keyid,
            alg: 'ed25519',
            nonce: generateNonce(),
            tag: HTTP_MESSAGE_SIGNATURE_TAG,
            ...parameters,
          },
          // web-bot-auth's signer signs the base as text; the base is ASCII, so the bytes are the same.
          signer: { algorithm: signer.alg, sign: (base) => signer.sign(new TextDecoder().decode(base)) },
        },
      );
      return { ...headers, signature: fields.signature, 'signature-input': fields.signatureInput };
    },
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
  /** The Accept header of each request received. */
  accepts: string[];
  /** What the next requests get; change it during a test. */
  respond: (response: http.ServerResponse) => void;
  close(): Promise<void>;
}

/** A key directory on loopback serving `keys` with `Cache-Control: max-age=600`, counting fetches. */
export async function startDirectory(keys: webcrypto.JsonWebKey[]): Promise<DirectoryServer> {
  const state: DirectoryServer = {
    origin: '',
    fetches: 0,
    accepts: [],
    respond: (response) => {
      response.writeHead(200, {
        'content-type': MediaType.HTTP_MESSAGE_SIGNATURES_DIRECTORY,
        'cache-control': 'max-age=600',
      });
      response.end(JSON.stringify({ keys }));
    },
    close: async () => {},
  };
  const server = http.createServer((request, response) => {
    state.fetches += 1;
    state.accepts.push(request.headers.accept ?? '');
    if (request.url !== HTTP_MESSAGE_SIGNATURES_DIRECTORY) {
      response.writeHead(404).end();
      return;
    }
    state.respond(response);
  });
  state.origin = await listenOnLoopback(server);
  state.close = () => closeServer(server);
  return state;
}

/** An agent operator: one key, its directory on loopback, and signed headers naming that directory. */
export interface SigningAgent {
  key: TestKey;
  directory: DirectoryServer;
  /** Signature headers for a request to `url` (plus `headers`), with Signature-Agent set in the legacy form. */
  sign(
    url: string,
    headers?: Record<string, string>,
    params?: Partial<SignatureParams>,
  ): Promise<Record<string, string>>;
  /** The same in the draft -01 form: `Signature-Agent: <label>="<origin>"`, its member covered. */
  signDictionary(url: string, label?: string): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/** A fresh operator whose directory is up; trust it with AGENT_KEY_DIRECTORIES=`agent.directory.origin`. */
export async function startSigningAgent(): Promise<SigningAgent> {
  const key = await newKey();
  const directory = await startDirectory([key.publicJwk]);
  return {
    key,
    directory,
    sign: (url, headers = {}, params) =>
      key.sign(url, { 'signature-agent': `"${directory.origin}"`, ...headers }, params),
    signDictionary: (url, label = 'sig1') =>
      key.signWith(url, {
        label,
        headers: { 'signature-agent': `${label}="${directory.origin}"` },
        components: ['@authority', agentMember(label)],
      }),
    close: () => directory.close(),
  };
}
