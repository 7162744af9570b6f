// An authorization server as an agent would use it (RFC 8414): its metadata at the issuer's
// well-known address, issuer matching, able to issue tokens, its token endpoint answering a token
// request with an OAuth error, its JWKS a key set, and every other endpoint it names served.
// Metadata whose endpoints do not answer is decorative, never a pass. Both OAuth checks read one
// verdict per issuer and audit, so the token request is sent once.
import { readFetched, type AuditContext, type Fetched } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { evidence, fail, isObject, json, ok, pass, skip } from '../verdict.ts';
import { oauthWords } from '../words/oauth.ts';

const id = 'oauth-authorization-server';
const verdicts = new WeakMap<AuditContext, Map<string, Promise<CheckResult>>>();

/** The verdict on the authorization server `issuer`, reached once per audit. */
export function authorizationServer(ctx: AuditContext, issuer: URL): Promise<CheckResult> {
  let byIssuer = verdicts.get(ctx);
  if (!byIssuer) verdicts.set(ctx, (byIssuer = new Map()));
  let verdict = byIssuer.get(issuer.href);
  if (!verdict) byIssuer.set(issuer.href, (verdict = judge(ctx, issuer)));
  return verdict;
}

/** RFC 8414 §3: the metadata of issuer https://a/b lives at https://a/.well-known/oauth-authorization-server/b. */
function metadataUrls(issuer: URL): string[] {
  const path = issuer.pathname === '/' ? '' : issuer.pathname.replace(/\/$/, '');
  return [
    `${issuer.origin}/.well-known/oauth-authorization-server${path}`,
    `${issuer.origin}${path}/.well-known/openid-configuration`,
  ];
}

async function judge(ctx: AuditContext, issuer: URL): Promise<CheckResult> {
  const say = oauthWords(ctx.language);
  const fix = say('publishServer');
  let last: Fetched | undefined;
  for (const url of metadataUrls(issuer)) {
    last = await ctx.get(url, 'application/json');
    if (ok(last)) break;
  }
  const fetched = last!;
  if (!ok(fetched))
    return fail(id, say('noServerMetadata', { origin: issuer.origin, status: fetched.status }), evidence(fetched), fix);
  const meta = json(fetched);
  if (!isObject(meta)) return fail(id, say('serverNotObject'), evidence(fetched, fetched.text), fix);
  const sameIssuer =
    typeof meta.issuer === 'string' && meta.issuer.replace(/\/$/, '') === issuer.href.replace(/\/$/, '');
  if (!sameIssuer) return fail(id, say('otherIssuer'), evidence(fetched, String(meta.issuer)), fix);
  if (!Array.isArray(meta.response_types_supported)) return fail(id, say('noResponseTypes'), evidence(fetched), fix);
  if (typeof meta.token_endpoint !== 'string') {
    // A server that says it supports no grant and no response type issues nothing: nothing to use.
    const none = (field: string): boolean => Array.isArray(meta[field]) && (meta[field] as unknown[]).length === 0;
    if (none('grant_types_supported') || none('response_types_supported'))
      return skip(id, say('issuesNoTokens'), evidence(fetched));
    // RFC 8414 §2: required unless only the implicit grant is supported (a response type of `token` alone).
    const implicitOnly = meta.response_types_supported.every((type) => type === 'token');
    if (!implicitOnly) return fail(id, say('noTokenEndpoint'), evidence(fetched), fix);
  }
  const dead = await deadEndpoint(ctx, meta, fetched.url);
  if (dead)
    return fail(
      id,
      say('deadEndpoint', dead.answer),
      evidence(dead.fetched ?? fetched, dead.url),
      say(dead.answer.field === 'token_endpoint' ? 'serveTokenEndpoint' : 'serveEndpoints'),
    );
  return pass(id, say('serverPassed', { issuer: String(meta.issuer) }), evidence(fetched));
}

/** The endpoint members of RFC 8414 metadata, each of which must answer where it says. */
const endpointFields = [
  'token_endpoint',
  'jwks_uri',
  'authorization_endpoint',
  'registration_endpoint',
  'revocation_endpoint',
  'introspection_endpoint',
  'userinfo_endpoint',
];

/** How an endpoint did not answer, as its sentence places it. */
type DeadAnswer =
  | { answer: 'status'; field: string; status: number }
  | { answer: 'notToken'; field: string; status: number }
  | { answer: 'notKeys'; field: string; status: number }
  | { answer: 'notUrl'; field: string }
  | { answer: 'error'; field: string; reason: string };

const gone = (status: number): boolean => status === 404 || status === 410 || status >= 500;

/**
 * The first endpoint the metadata names that does not answer as what it is: a failed fetch, 404,
 * 410 or a server error; a token endpoint that answers a token request without an OAuth error; a
 * JWKS that is not a key set. Any other status of another endpoint (an authorization endpoint
 * answering a bare GET with 400) shows it is served.
 */
async function deadEndpoint(
  ctx: AuditContext,
  meta: Record<string, unknown>,
  base: string,
): Promise<{ answer: DeadAnswer; url: string; fetched?: Pick<Fetched, 'url' | 'status'> } | undefined> {
  for (const field of endpointFields) {
    const value = meta[field];
    if (typeof value !== 'string') continue;
    if (!URL.canParse(value, base)) return { answer: { answer: 'notUrl', field }, url: value };
    const url = new URL(value, base).href;
    try {
      const answered =
        field === 'token_endpoint' ? await tokenRequest(ctx, url) : await ctx.get(url, 'application/json');
      const { status } = answered;
      if (gone(status)) return { answer: { answer: 'status', field, status }, url, fetched: answered };
      if (field === 'token_endpoint' && !oauthError(answered))
        return { answer: { answer: 'notToken', field, status }, url, fetched: answered };
      if (field === 'jwks_uri' && !(ok(answered) && keySet(answered)))
        return { answer: { answer: 'notKeys', field, status }, url, fetched: answered };
    } catch (error) {
      return { answer: { answer: 'error', field, reason: (error as Error).message }, url };
    }
  }
  return undefined;
}

/**
 * A client-credentials token request from a client the server does not know: a token endpoint
 * answers it with an OAuth error (RFC 6749 §5.2: 400 or 401, JSON with `error`) and issues nothing.
 */
async function tokenRequest(ctx: AuditContext, url: string): Promise<Fetched> {
  const response = await ctx.fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: 'grant_type=client_credentials',
  });
  return readFetched(url, response);
}

function oauthError(answered: Fetched): boolean {
  const body = json(answered);
  return answered.status >= 400 && answered.status < 500 && isObject(body) && typeof body.error === 'string';
}

function keySet(answered: Fetched): boolean {
  const body = json(answered);
  return isObject(body) && Array.isArray(body.keys);
}
