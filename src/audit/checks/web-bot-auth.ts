// Web Bot Auth: when the site publishes an HTTP message signatures key directory, it is a JWKS of
// keys whose `kid`, where present, is the key's RFC 7638 thumbprint (draft-ietf-webbotauth-httpsig-
// protocol-00 §5.5: a signature's keyid is the thumbprint, the kid may be left out). A site that
// signs nothing publishes none (skip). A key set an agent names by `type=jwks_uri` is named only in
// its signed requests' headers, which an audit never receives, so only the directory is read here.
import { createHash } from 'node:crypto';
import type { AuditContext } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { evidence, fail, isObject, json, ok, pass, skip } from '../verdict.ts';
import { webBotAuthWords } from '../words/web-bot-auth.ts';

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
  const say = webBotAuthWords(ctx.language);
  const fetched = await ctx.get(directoryPath, 'application/http-message-signatures-directory+json');
  if (fetched.status === 404 || fetched.status === 410)
    return skip('web-bot-auth', say('noDirectory'), evidence(fetched));
  const fix = say('serveDirectory', { path: directoryPath });
  if (!ok(fetched)) return fail('web-bot-auth', say('notServed', { status: fetched.status }), evidence(fetched), fix);
  const doc = json(fetched);
  const keys = isObject(doc) && Array.isArray(doc.keys) ? doc.keys : undefined;
  if (!keys || keys.length === 0) return fail('web-bot-auth', say('noKeys'), evidence(fetched, fetched.text), fix);
  for (const key of keys) {
    const thumbprint = isObject(key) ? jwkThumbprint(key) : undefined;
    if (!thumbprint || !isObject(key) || (key.kid !== undefined && key.kid !== thumbprint)) {
      const kid = String(isObject(key) ? key.kid : key);
      const found = thumbprint ? say('kidAndThumbprint', { kid, thumbprint }) : say('kidOfNoJwk', { kid });
      return fail('web-bot-auth', say('kidNotThumbprint'), evidence(fetched, found), fix);
    }
  }
  return pass('web-bot-auth', say('passed', { keys: keys.length }), evidence(fetched));
}
