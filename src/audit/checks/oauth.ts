// OAuth discovery: RFC 9728 protected-resource metadata for the site, naming an authorization
// server that answers (oauth-server.ts), and that server's RFC 8414 metadata (the one named, else the
// site's own). Metadata saying nothing is protected offers no OAuth to check (skip, never a pass).
import type { AuditContext, Fetched } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { evidence, fail, isObject, json, ok, pass, skip } from '../verdict.ts';
import { oauthWords } from '../words/oauth.ts';
import { homeMarkup } from './home-markup.ts';
import { authorizationServer } from './oauth-server.ts';

const id = 'oauth-protected-resource';

async function resourceMetadata(ctx: AuditContext): Promise<{ fetched: Fetched; doc?: Record<string, unknown> }> {
  const fetched = await ctx.get('/.well-known/oauth-protected-resource', 'application/json');
  const doc = ok(fetched) ? json(fetched) : undefined;
  return { fetched, ...(isObject(doc) && { doc }) };
}

export async function oauthProtectedResource(ctx: AuditContext): Promise<CheckResult> {
  const say = oauthWords(ctx.language);
  const { fetched, doc } = await resourceMetadata(ctx);
  const fix = say('publishResource');
  if (!ok(fetched)) return fail(id, say('resourceNotServed', { status: fetched.status }), evidence(fetched), fix);
  if (!doc) return fail(id, say('resourceNotObject'), evidence(fetched, fetched.text), fix);
  const resource = typeof doc.resource === 'string' && URL.canParse(doc.resource) ? new URL(doc.resource) : undefined;
  if (!resource || !(await siteOrigins(ctx)).has(resource.origin))
    return fail(id, say('foreignResource'), evidence(fetched, String(doc.resource)), fix);
  // RFC 9728 §2: an empty list says no way of presenting a bearer token is supported.
  if (Array.isArray(doc.bearer_methods_supported) && doc.bearer_methods_supported.length === 0)
    return skip(id, say('nothingProtected'), evidence(fetched, '"bearer_methods_supported": []'));
  const servers = doc.authorization_servers;
  if (servers === undefined) return fail(id, say('noServersNamed'), evidence(fetched), fix);
  if (!(Array.isArray(servers) && servers.every((s) => typeof s === 'string' && URL.canParse(s))))
    return fail(id, say('serversNotUrls'), evidence(fetched, JSON.stringify(servers)), fix);
  if (servers.length === 0) return fail(id, say('noServers'), evidence(fetched, '[]'), fix);
  const server = await authorizationServer(ctx, new URL(servers[0] as string));
  if (server.status !== 'pass')
    return fail(
      id,
      say('serverDoesNotAnswer', { server: servers[0] as string, problem: server.message }),
      server.evidence,
      server.fix ?? say('publishServer'),
    );
  return pass(id, say('resourcePassed', { resource: resource.href, servers: servers.length }), evidence(fetched));
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

/** The authorization server the protected-resource metadata names first, else the site's own. */
export async function oauthAuthorizationServer(ctx: AuditContext): Promise<CheckResult> {
  const { doc } = await resourceMetadata(ctx);
  const named = Array.isArray(doc?.authorization_servers)
    ? doc.authorization_servers.find((s) => typeof s === 'string' && URL.canParse(s))
    : undefined;
  return authorizationServer(ctx, new URL(named ?? ctx.site.origin));
}
