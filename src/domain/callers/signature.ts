// Web Bot Auth (draft-ietf-webbotauth-httpsig-protocol-00): verifies a request's RFC 9421 signature
// (Ed25519) against a trusted key directory or key set and answers its allowlisted origin, or undefined for
// anything short of a valid, fresh, unreplayed signature for this site. http-message-sig parses the
// signature fields and builds the signature base; the draft's rules are here.
import {
  verifySignature,
  type RequestDescriptor,
  type SignatureParameters,
  type UntrustedSignatureCandidate,
  type Verifier,
} from 'http-message-sig';
import { HTTP_MESSAGE_SIGNATURE_TAG, SIGNATURE_AGENT_HEADER } from 'web-bot-auth';
import type { CallerRequest } from './caller.ts';
import { originOfSource, type KeyDirectories, type KeySource } from './key-directories.ts';
import type { Nonces } from './nonces.ts';
import { signatureAgentFor } from './signature-agent.ts';
import { signatureNonce, taggedSignatures } from './signature-label.ts';

export interface SignatureRules {
  directories: KeyDirectories;
  /** This site's authorities (`host` or `host:port`, as RFC 9421 `@authority`) and their schemes. */
  authorities: ReadonlyMap<string, string>;
  nonces: Nonces;
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
/** A JWK SHA-256 thumbprint (RFC 7638) in base64url: 32 bytes, 43 characters. */
const thumbprint = /^[A-Za-z0-9_-]{43}$/;
/** What a header value must be to enter the signature base (RFC 9421 takes ASCII field values). */
const asciiValue = /^[\t\x20-\x7e]*$/;

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
  const site = `${scheme}://${authority}`;
  const tagged = taggedSignatures(headers['signature-input'] as string);
  // Each Web Bot Auth signature on its own, in header order. The first that verifies decides: its
  // origin, or nothing when its nonce was used before (the request is a replay, whatever it carries).
  for (const signature of tagged ?? [{ label: undefined }]) {
    const verified = await verifiedSignature(request, site, signature.label, rules).catch(() => undefined);
    if (verified === undefined) continue;
    // A nonce the database cannot claim counts as spent: the request is not verified.
    if (!(await rules.nonces.claim(verified.nonce, verified.expiresAt, rules.now()).catch(() => false)))
      return undefined;
    // The request's other signatures are spent with it, each until it would expire (no later than
    // the longest lifetime accepted), so that a copy stripped down to one of them is a replay too.
    const now = rules.now();
    const latest = now + rules.skewMs + rules.maxLifetimeMs;
    const others = (tagged ?? []).filter((other) => other.label !== signature.label && other.nonce !== undefined);
    await Promise.all(
      others.map((other) =>
        rules.nonces.claim(other.nonce!, Math.min(other.expiresAt ?? latest, latest), now).catch(() => true),
      ),
    );
    return verified.origin;
  }
  return undefined;
}

interface Verified {
  origin: string;
  nonce: string;
  /** When the signature expires (ms): its nonce is kept until then. */
  expiresAt: number;
}

/** The signature `label` (the only one when undefined) checked and verified; rejects otherwise. */
async function verifiedSignature(
  request: CallerRequest,
  site: string,
  label: string | undefined,
  rules: SignatureRules,
): Promise<Verified> {
  const now = rules.now();
  let origin = '';
  const verified = await verifySignature(descriptorOf(request, site), {
    label,
    policy: {
      algorithms: ['ed25519'],
      requiredComponents: ['@authority'],
      // The draft's parameters are checked in checkParameters, before any key is looked up.
      requiredParameters: [],
      now: Math.floor(now / 1000),
      clockSkew: Math.floor(rules.skewMs / 1000),
    },
    resolveVerifier: async (candidate) => {
      checkParameters(candidate.parameters, now, rules);
      const [found, verifier] = await findKey(
        candidate,
        request.headers[SIGNATURE_AGENT_HEADER] as string | undefined,
        rules,
      );
      origin = found;
      return verifier;
    },
  });
  const { keyid, nonce, expires } = verified.parameters as Required<
    Pick<SignatureParameters, 'keyid' | 'nonce' | 'expires'>
  >;
  return { origin, nonce: signatureNonce(keyid, nonce), expiresAt: expires * 1000 };
}

/** The draft's rules on the parameters, checked before any key is looked up. */
function checkParameters(params: SignatureParameters, now: number, rules: SignatureRules): void {
  const { keyid, nonce, created, expires, tag } = params;
  if (tag !== HTTP_MESSAGE_SIGNATURE_TAG) throw new Error('wrong tag');
  if (keyid === undefined || !thumbprint.test(keyid)) throw new Error('keyid is not a JWK SHA-256 thumbprint');
  if (nonce === undefined || nonce.length === 0 || nonce.length > 512) throw new Error('a nonce is required');
  if (created === undefined || expires === undefined) throw new Error('created and expires are required');
  if (created * 1000 > now + rules.skewMs) throw new Error('not yet valid');
  if (expires * 1000 <= now) throw new Error('expired');
  if ((expires - created) * 1000 > rules.maxLifetimeMs) throw new Error('lifetime too long');
}

/**
 * The key that made the signature: among the keys of the Signature-Agent member the signature
 * covers (a directory, or a `jwks_uri` key set, its origin allowlisted either way), else, without
 * the header, in any allowlisted directory; cached keys answer at once, a fetch is awaited at most
 * waitMs. The answer names the allowlisted origin, whichever way its keys were published.
 */
async function findKey(
  candidate: UntrustedSignatureCandidate,
  agentHeader: string | undefined,
  rules: SignatureRules,
): Promise<[string, Verifier]> {
  let sources: readonly KeySource[] = rules.directories.origins;
  if (agentHeader !== undefined) {
    const source = signatureAgentFor(agentHeader, candidate.label, candidate.components);
    // Not covered, or named but not allowlisted: no fetch, whatever the request asks for.
    if (source === undefined || !rules.directories.trusts(originOfSource(source)))
      throw new Error('no trusted signature agent');
    sources = [source];
  }
  const keyid = candidate.parameters.keyid!;
  for (const source of sources) {
    const key = rules.directories.cached(source)?.get(keyid);
    if (key) return [originOfSource(source), key];
  }
  const found = await withinMs(
    Promise.all(sources.map((source) => rules.directories.key(source, keyid))),
    rules.waitMs,
  );
  const index = found?.findIndex((key) => key !== undefined) ?? -1;
  if (index === -1) throw new Error('unknown key');
  return [originOfSource(sources[index]!), found![index]!];
}

/** The request as RFC 9421 sees it, at this site's address (never one the request names). */
function descriptorOf(request: CallerRequest, site: string): RequestDescriptor {
  const fields: { name: string; value: string }[] = [];
  for (const [name, value] of Object.entries(request.headers)) {
    // A field that cannot enter a signature base (non-ASCII) is left out: covering it fails, as it should.
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      if (asciiValue.test(one)) fields.push({ name, value: one });
    }
  }
  // Built from the checked authority, so a path such as `//elsewhere` cannot change it.
  const path = request.path.startsWith('/') ? request.path : `/${request.path}`;
  return { kind: 'request', method: request.method, targetUri: `${site}${path}`, fields };
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
