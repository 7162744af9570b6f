// OAuth discovery: RFC 9728 protected-resource metadata for the site, and RFC 8414 metadata of the
// authorization server it names (or the site's own), its issuer matching where it was found.
import type { AuditContext, Fetched } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { evidence, fail, isObject, json, ok, pass } from '../verdict.ts';
import { oauthWords } from '../words/oauth.ts';
import { homeMarkup } from './home-markup.ts';

async function resourceMetadata(ctx: AuditContext): Promise<{ fetched: Fetched; doc?: Record<string, unknown> }> {
  const fetched = await ctx.get('/.well-known/oauth-protected-resource', 'application/json');
  const doc = ok(fetched) ? json(fetched) : undefined;
  return { fetched, ...(isObject(doc) && { doc }) };
}

export async function oauthProtectedResource(ctx: AuditContext): Promise<CheckResult> {
  const say = oauthWords(ctx.language);
  const { fetched, doc } = await resourceMetadata(ctx);
  const fix = say('publishResource');
  if (!ok(fetched))
    return fail(
      'oauth-protected-resource',
      say('resourceNotServed', { status: fetched.status }),
      evidence(fetched),
      fix,
    );
  if (!doc) return fail('oauth-protected-resource', say('resourceNotObject'), evidence(fetched, fetched.text), fix);
  const resource = typeof doc.resource === 'string' && URL.canParse(doc.resource) ? new URL(doc.resource) : undefined;
  if (!resource || !(await siteOrigins(ctx)).has(resource.origin))
    return fail('oauth-protected-resource', say('foreignResource'), evidence(fetched, String(doc.resource)), fix);
  const servers = doc.authorization_servers;
  if (
    servers !== undefined &&
    !(Array.isArray(servers) && servers.every((s) => typeof s === 'string' && URL.canParse(s)))
  ) {
    return fail('oauth-protected-resource', say('serversNotUrls'), evidence(fetched, JSON.stringify(servers)), fix);
  }
  if (Array.isArray(servers) && servers.length === 0)
    return fail('oauth-protected-resource', say('noServers'), evidence(fetched, '[]'), fix);
  return pass(
    'oauth-protected-resource',
    say('resourcePassed', { resource: resource.href, servers: Array.isArray(servers) ? servers.length : 0 }),
    evidence(fetched),
  );
}

/**
 * The origins that name this site: the one audited, and the one its home page declares canonical
 * (a site audited as http://127.0.0.1:3000 that calls itself http://localhost:3000 is the same site,
 * and its metadata rightly names the canonical origin).
 */
async function siteOrigins(ctx: AuditContext): Promise<Set<string>> {
  const canonical = homeMarkup(await ctx.get(ctx.home, 'text/html')).canonical;
  const origins = new Set([ctx.site.origin]);
  if (canonical && URL.canParse(canonical, ctx.home.href)) origins.add(new URL(canonical, ctx.home).origin);
  return origins;
}

/** RFC 8414 §3: the metadata of issuer https://a/b lives at https://a/.well-known/oauth-authorization-server/b. */
function metadataUrls(issuer: URL): string[] {
  const path = issuer.pathname === '/' ? '' : issuer.pathname.replace(/\/$/, '');
  return [
    `${issuer.origin}/.well-known/oauth-authorization-server${path}`,
    `${issuer.origin}${path}/.well-known/openid-configuration`,
  ];
}

export async function oauthAuthorizationServer(ctx: AuditContext): Promise<CheckResult> {
  const { doc } = await resourceMetadata(ctx);
  const named = Array.isArray(doc?.authorization_servers)
    ? doc.authorization_servers.find((s) => typeof s === 'string' && URL.canParse(s))
    : undefined;
  const issuer = new URL(named ?? ctx.site.origin);
  const say = oauthWords(ctx.language);
  const fix = say('publishServer');
  let last: Fetched | undefined;
  for (const url of metadataUrls(issuer)) {
    last = await ctx.get(url, 'application/json');
    if (ok(last)) break;
  }
  const fetched = last!;
  if (!ok(fetched))
    return fail(
      'oauth-authorization-server',
      say('noServerMetadata', { origin: issuer.origin, status: fetched.status }),
      evidence(fetched),
      fix,
    );
  const meta = json(fetched);
  if (!isObject(meta))
    return fail('oauth-authorization-server', say('serverNotObject'), evidence(fetched, fetched.text), fix);
  const sameIssuer =
    typeof meta.issuer === 'string' && meta.issuer.replace(/\/$/, '') === issuer.href.replace(/\/$/, '');
  if (!sameIssuer)
    return fail('oauth-authorization-server', say('otherIssuer'), evidence(fetched, String(meta.issuer)), fix);
  if (!Array.isArray(meta.response_types_supported))
    return fail('oauth-authorization-server', say('noResponseTypes'), evidence(fetched), fix);
  const dead = await deadEndpoint(ctx, meta, fetched.url);
  if (dead)
    return fail(
      'oauth-authorization-server',
      say('deadEndpoint', dead.answer),
      evidence(dead.fetched ?? fetched, dead.url),
      say('serveEndpoints'),
    );
  return pass('oauth-authorization-server', say('serverPassed', { issuer: String(meta.issuer) }), evidence(fetched));
}

/** The endpoint members of RFC 8414 metadata, each of which must answer where it says. */
const endpointFields = [
  'authorization_endpoint',
  'token_endpoint',
  'jwks_uri',
  'registration_endpoint',
  'revocation_endpoint',
  'introspection_endpoint',
  'userinfo_endpoint',
];

/** How an endpoint did not answer, as its sentence places it: a status, no URL, or the fetch's error. */
type DeadAnswer =
  | { answer: 'status'; field: string; status: number }
  | { answer: 'notUrl'; field: string }
  | { answer: 'error'; field: string; reason: string };

/**
 * The first endpoint the metadata names that does not answer: a failed fetch, 404, 410 or a server
 * error. Any other status (a token endpoint answers a GET with 400 or 405) shows it is served.
 */
async function deadEndpoint(
  ctx: AuditContext,
  meta: Record<string, unknown>,
  base: string,
): Promise<{ answer: DeadAnswer; url: string; fetched?: Fetched } | undefined> {
  for (const field of endpointFields) {
    const value = meta[field];
    if (typeof value !== 'string') continue;
    if (!URL.canParse(value, base)) return { answer: { answer: 'notUrl', field }, url: value };
    const url = new URL(value, base).href;
    try {
      const answered = await ctx.get(url, 'application/json');
      if (answered.status === 404 || answered.status === 410 || answered.status >= 500)
        return { answer: { answer: 'status', field, status: answered.status }, url, fetched: answered };
    } catch (error) {
      return { answer: { answer: 'error', field, reason: (error as Error).message }, url };
    }
  }
  return undefined;
}
