// The keys of a fetched key directory document (`{"keys": [JWK, …]}`), each indexed by its JWK
// SHA-256 thumbprint (RFC 7638), which is what a Web Bot Auth signature's `keyid` must be. Only
// Ed25519 public keys are read; a key published with its private part is read as its public part.
import { webcrypto } from 'node:crypto';
import { webcrypto as httpSignatures, type Verifier } from 'http-message-sig';
import { helpers, jwkToKeyID } from 'web-bot-auth';

/** At most this many keys are read from one directory: real ones hold one to three. */
const maxKeys = 32;

/** The Ed25519 keys of a directory document by thumbprint; other key types are skipped. */
export async function keysOf(document: unknown): Promise<ReadonlyMap<string, Verifier>> {
  const list = (document as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(list)) throw new Error('not a key directory');
  const keys = new Map<string, Verifier>();
  for (const jwk of list.slice(0, maxKeys) as webcrypto.JsonWebKey[]) {
    if (jwk?.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') continue;
    try {
      const publicJwk = { kty: 'OKP', crv: 'Ed25519', x: jwk.x };
      const keyid = await jwkToKeyID(publicJwk, helpers.WEBCRYPTO_SHA256, helpers.BASE64URL_DECODE);
      const key = await webcrypto.subtle.importKey('jwk', publicJwk, { name: 'Ed25519' }, false, ['verify']);
      keys.set(keyid, httpSignatures.verifier(key as Parameters<typeof httpSignatures.verifier>[0]));
    } catch {
      // One malformed key does not spoil the others.
    }
  }
  return keys;
}
