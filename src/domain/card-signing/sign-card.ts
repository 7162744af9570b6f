// Signs an agent card as A2A §8.4 asks: a JWS whose payload is the RFC 8785 (JCS) canonical form of
// the card without `signatures`, detached (the card itself is the payload), with the protected
// header `alg`, `typ: "JOSE"`, `kid` and `jku`. Whatever the card builder produced is signed, every
// field included, so any change to the served card breaks the signature.
import canonicalize from 'canonicalize';
import { FlattenedSign, importJWK } from 'jose';
import { cardKeyAlgorithm, type CardKey } from './key-set.ts';

/** The JCS bytes a card's signatures cover: the card without `signatures`. */
export function cardSigningPayload(card: Record<string, unknown>): Uint8Array {
  const { signatures: _signatures, ...unsigned } = card;
  const text = canonicalize(unsigned);
  if (text === undefined) throw new TypeError('the agent card cannot be canonicalised');
  return new TextEncoder().encode(text);
}

/** `card` with one signature by `key`, replacing any it had; `jku` is the URL of the JWKS holding the key. */
export async function signCard(
  card: Record<string, unknown>,
  key: CardKey,
  jku: string,
): Promise<Record<string, unknown>> {
  const { signatures: _signatures, ...unsigned } = card;
  const jws = await new FlattenedSign(cardSigningPayload(card))
    .setProtectedHeader({ alg: cardKeyAlgorithm, typ: 'JOSE', kid: key.kid, jku })
    .sign(await importJWK(key.jwk, cardKeyAlgorithm));
  return { ...unsigned, signatures: [{ protected: jws.protected, signature: jws.signature }] };
}
