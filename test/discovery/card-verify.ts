// How a client checks a signed A2A agent card (§8.4.3): the key named by the protected header's
// `kid`, from the JWKS; the payload rebuilt with an RFC 8785 library from npm (canonicalize) over the
// card without `signatures`; the detached JWS verified with jose.
import assert from 'node:assert/strict';
import canonicalize from 'canonicalize';
import { decodeProtectedHeader, flattenedVerify, importJWK, type JWK } from 'jose';

export type Card = Record<string, unknown> & { signatures?: { protected: string; signature: string }[] };

/** Verifies `card` as a client would; resolves with the key id, rejects when the card was changed. */
export async function verifyCard(card: Card, jwks: { keys: JWK[] }): Promise<string> {
  const { signatures, ...unsigned } = card;
  assert.equal(signatures?.length, 1);
  const [{ protected: header, signature }] = signatures as [{ protected: string; signature: string }];
  const { kid, alg } = decodeProtectedHeader({ protected: header } as never) as { kid: string; alg: string };
  const jwk = jwks.keys.find((key) => key.kid === kid);
  assert.ok(jwk, `the JWKS holds the key ${kid}`);
  const payload = Buffer.from(canonicalize(unsigned)!, 'utf8').toString('base64url');
  await flattenedVerify({ protected: header, payload, signature }, await importJWK(jwk, alg));
  return kid;
}
