// Web Bot Auth: verifies a request's RFC 9421 signature (Ed25519) against a trusted key directory
// and answers the directory's origin, or undefined for anything short of a valid, fresh, unreplayed
// signature for this site. http-message-sig builds the signature base; the draft's rules are here.
import { verify, type Parameters, type RequestLike } from 'http-message-sig';
import { HTTP_MESSAGE_SIGNATURE_TAG, SIGNATURE_AGENT_HEADER } from 'web-bot-auth';
import type { CallerRequest } from './caller.ts';
import type { DirectoryKeys, KeyDirectories } from './key-directories.ts';
import type { NonceCache } from './nonce-cache.ts';

export interface SignatureRules {
  directories: KeyDirectories;
  /** This site's authorities (`host` or `host:port`, as RFC 9421 `@authority`) and their schemes. */
  authorities: ReadonlyMap<string, string>;
  nonces: NonceCache;
  /** How long a request may wait for a directory that is not cached yet. */
  waitMs: number;
  /** Longest accepted signature lifetime (expires − created): bounds how long nonces are kept. */
  maxLifetimeMs: number;
  /** Clock difference tolerated on `created`. */
  skewMs: number;
  now: () => number;
}

/** Headers longer than this are not parsed: real signatures are a few hundred characters. */
const maxHeaderLength = 4_096;

/** Whether the request carries a signature at all (cheap: the unsigned path stops here). */
export function isSigned(headers: CallerRequest['headers']): boolean {
  return headers['signature-input'] !== undefined && headers.signature !== undefined;
}

/** The origin of the key directory whose key signed this request, when everything checks out. */
export async function verifiedOrigin(request: CallerRequest, rules: SignatureRules): Promise<string | undefined> {
  const { headers } = request;
  for (const name of ['signature', 'signature-input', SIGNATURE_AGENT_HEADER]) {
    const value = headers[name];
    if (Array.isArray(value) || (value !== undefined && value.length > maxHeaderLength)) return undefined;
  }
  const authority = authorityOf(request.authority);
  const scheme = authority === undefined ? undefined : rules.authorities.get(authority);
  if (authority === undefined || scheme === undefined) return undefined;
  const agentHeader = headers[SIGNATURE_AGENT_HEADER] as string | undefined;
  let candidates = rules.directories.origins;
  if (agentHeader !== undefined) {
    const origin = signatureAgentOrigin(agentHeader);
    // Named but not allowlisted: no fetch, whatever the request asks for.
    if (origin === undefined || !rules.directories.trusts(origin)) return undefined;
    candidates = [origin];
  }
  // Built from the checked authority, so a path such as `//elsewhere` cannot change it.
  const path = request.path.startsWith('/') ? request.path : `/${request.path}`;
  const message: RequestLike = { method: request.method, url: `${scheme}://${authority}${path}`, headers: headers as Record<string, string | string[]> };
  try {
    return await verify(message, async (data, signature, params) => {
      const now = rules.now();
      const checked = checkParameters(params, now, rules);
      if (!covers(data, '@authority') || (agentHeader !== undefined && !covers(data, SIGNATURE_AGENT_HEADER))) {
        throw new Error('signature does not cover the required components');
      }
      const [origin, key] = await findKey(checked.keyid, candidates, rules);
      await key(data, signature, { ...checked, tag: HTTP_MESSAGE_SIGNATURE_TAG });
      if (!rules.nonces.remember(`${origin} ${checked.keyid} ${checked.nonce}`, checked.expires.getTime(), now)) {
        throw new Error('replayed nonce');
      }
      return origin;
    });
  } catch {
    return undefined;
  }
}

interface Checked {
  keyid: string;
  nonce: string;
  created: Date;
  expires: Date;
}

function checkParameters(params: Parameters, now: number, rules: SignatureRules): Checked {
  const { keyid, nonce, created, expires, tag } = params;
  if (tag !== HTTP_MESSAGE_SIGNATURE_TAG) throw new Error('wrong tag');
  if (typeof keyid !== 'string' || typeof nonce !== 'string' || nonce.length === 0 || nonce.length > 512) {
    throw new Error('keyid and nonce are required');
  }
  if (!(created instanceof Date) || !(expires instanceof Date)) throw new Error('created and expires are required');
  if (created.getTime() > now + rules.skewMs) throw new Error('not yet valid');
  if (expires.getTime() <= now) throw new Error('expired');
  if (expires.getTime() - created.getTime() > rules.maxLifetimeMs) throw new Error('lifetime too long');
  return { keyid, nonce, created, expires };
}

/** Whether the signature base has a line for this component (with or without parameters). */
function covers(signatureBase: string, component: string): boolean {
  return signatureBase.startsWith(`"${component}"`) || signatureBase.includes(`\n"${component}"`);
}

/** The key among the candidates' directories: cached ones first, else fetched within waitMs. */
async function findKey(keyid: string, origins: readonly string[], rules: SignatureRules): Promise<[string, NonNullable<ReturnType<DirectoryKeys['get']>>]> {
  for (const origin of origins) {
    const key = rules.directories.cached(origin)?.get(keyid);
    if (key) return [origin, key];
  }
  const loaded = await withinMs(Promise.all(origins.map((origin) => rules.directories.keys(origin))), rules.waitMs);
  for (const [i, keys] of (loaded ?? []).entries()) {
    const key = keys.get(keyid);
    if (key) return [origins[i]!, key];
  }
  throw new Error('unknown key');
}

/** The promise's value, or undefined once `ms` have passed (the work itself goes on). */
async function withinMs<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms).unref()));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The origin a Signature-Agent header names: a structured string (`"https://agent.example"`), a
 * dictionary member (`agent1="https://…"`, the first one) or, from early signers, a bare URL.
 */
export function signatureAgentOrigin(header: string): string | undefined {
  const text = header.trim();
  const quoted = /^(?:[a-z*][a-z0-9_.*-]*=)?"([^"]*)"/.exec(text);
  try {
    const url = new URL(quoted ? quoted[1]! : text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** RFC 9421 `@authority` of a Host header: lower-case host, and the port unless 80 or 443. */
export function authorityOf(host: string): string | undefined {
  try {
    const url = new URL(`http://${host}`);
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined;
    const port = url.port ? Number(url.port) : undefined;
    return port !== undefined && port !== 80 && port !== 443 ? `${url.hostname}:${port}` : url.hostname;
  } catch {
    return undefined;
  }
}
