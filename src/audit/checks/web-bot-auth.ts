// Web Bot Auth: when the site publishes an HTTP message signatures key directory, it is a JWKS whose
// every key's `kid` is its RFC 7638 thumbprint. A site that signs nothing publishes none (skip).
import { createHash } from 'node:crypto';
import type { AuditContext } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { counted, evidence, fail, isObject, json, ok, pass, skip } from '../verdict.ts';

const directoryPath = '/.well-known/http-message-signatures-directory';
/** RFC 7638 §3.2: the required members of each key type, in lexicographic order. */
const thumbprintMembers: Record<string, string[]> = {
  OKP: ['crv', 'kty', 'x'],
  EC: ['crv', 'kty', 'x', 'y'],
  RSA: ['e', 'kty', 'n'],
};

function jwkThumbprint(key: Record<string, unknown>): string | undefined {
  const members = thumbprintMembers[String(key.kty)];
  if (!members || members.some((member) => typeof key[member] !== 'string')) return undefined;
  const canonical = JSON.stringify(Object.fromEntries(members.map((member) => [member, key[member]])));
  return createHash('sha256').update(canonical).digest('base64url');
}

export async function webBotAuth(ctx: AuditContext): Promise<CheckResult> {
  const fetched = await ctx.get(directoryPath, 'application/http-message-signatures-directory+json');
  if (fetched.status === 404 || fetched.status === 410)
    return skip(
      'web-bot-auth',
      'no Web Bot Auth key directory (only needed by sites whose agents sign requests)',
      evidence(fetched),
    );
  const fix = `Serve ${directoryPath} as a JWKS ({"keys": [...]}) whose each key's kid is its RFC 7638 JWK thumbprint.`;
  if (!ok(fetched)) return fail('web-bot-auth', `the key directory answers ${fetched.status}`, evidence(fetched), fix);
  const doc = json(fetched);
  const keys = isObject(doc) && Array.isArray(doc.keys) ? doc.keys : undefined;
  if (!keys || keys.length === 0)
    return fail('web-bot-auth', 'the key directory is not a JWKS with keys', evidence(fetched, fetched.text), fix);
  for (const key of keys) {
    const thumbprint = isObject(key) ? jwkThumbprint(key) : undefined;
    if (!thumbprint || !isObject(key) || key.kid !== thumbprint) {
      return fail(
        'web-bot-auth',
        "a key's kid is not its JWK thumbprint",
        evidence(
          fetched,
          `kid ${String(isObject(key) ? key.kid : key)}, thumbprint ${thumbprint ?? 'none (not a JWK)'}`,
        ),
        fix,
      );
    }
  }
  return pass(
    'web-bot-auth',
    `key directory with ${counted(keys.length, 'key')}, kids are thumbprints`,
    evidence(fetched),
  );
}
