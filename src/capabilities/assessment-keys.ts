// Checks the bearer key of the assessment tool against ASSESSMENT_API_KEYS. Both sides are hashed
// to SHA-256 and compared with timingSafeEqual over every configured key, so neither the match
// position nor the key length leaks through timing. Keys are never logged or echoed; a key is named
// by its id, `key_` and the first 12 hex digits of its SHA-256, the same whether the key or its
// `sha256:` digest is configured (the operator can work it out from either).
import { createHash, timingSafeEqual } from 'node:crypto';

export type KeyCheck = (authorization: string | null | undefined) => boolean;

const sha256 = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * Builds the check for `Authorization` header values. A `sha256:<hex>` entry matches the key whose
 * SHA-256 digest it is; any other entry matches itself. Example:
 * `createKeyCheck(['sha256:9f86…'])('Bearer test') === true`.
 */
export function createKeyCheck(keys: readonly string[]): KeyCheck {
  const idOf = createKeyIdentifier(keys);
  return (authorization) => idOf(authorization) !== undefined;
}

/**
 * Builds the lookup of the id of the configured key an `Authorization` value carries, or undefined
 * when it carries none of them. Example: `createKeyIdentifier(['test'])('Bearer test') === 'key_9f86d081884c'`.
 */
export function createKeyIdentifier(
  keys: readonly string[],
): (authorization: string | null | undefined) => string | undefined {
  const digests = keys.map((key) =>
    /^sha256:[0-9a-f]{64}$/i.test(key) ? Buffer.from(key.slice('sha256:'.length), 'hex') : sha256(key),
  );
  return (authorization) => {
    const token = bearerToken(authorization);
    if (token === undefined || digests.length === 0) return undefined;
    const presented = sha256(token);
    let matched: Buffer | undefined;
    for (const digest of digests) if (timingSafeEqual(digest, presented)) matched ??= digest;
    return matched && `key_${matched.toString('hex').slice(0, 12)}`;
  };
}

/** The token of a `Bearer` Authorization value (scheme case-insensitive), or undefined. */
export function bearerToken(authorization: string | null | undefined): string | undefined {
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(authorization ?? '');
  return match?.[1];
}
