// The RFC 9727 API catalog (a linkset at /.well-known/api-catalog, its media type) and each OpenAPI
// description its service-desc links name (parsed as OpenAPI 3.x, JSON or YAML).
import yaml from 'js-yaml';
import type { AuditContext, Fetched } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { counted, evidence, fail, isObject, json, ok, pass, skip } from '../verdict.ts';

const linksetType = 'application/linkset+json';
const maxDescriptions = 5;

type Linkset = { anchor?: unknown; [relation: string]: unknown }[];

async function catalog(ctx: AuditContext): Promise<{ fetched: Fetched; linkset?: Linkset }> {
  const fetched = await ctx.get('/.well-known/api-catalog', linksetType);
  const doc = ok(fetched) ? json(fetched) : undefined;
  return { fetched, ...(isObject(doc) && Array.isArray(doc.linkset) && { linkset: doc.linkset as Linkset }) };
}

export async function apiCatalog(ctx: AuditContext): Promise<CheckResult> {
  const { fetched, linkset } = await catalog(ctx);
  const fix =
    'Serve /.well-known/api-catalog as application/linkset+json: {"linkset": [{"anchor": <API URL>, "service-desc": [{"href": <OpenAPI URL>}]}]} (RFC 9727).';
  if (!ok(fetched))
    return fail('api-catalog', `/.well-known/api-catalog answers ${fetched.status}`, evidence(fetched), fix);
  if (fetched.type !== linksetType)
    return fail(
      'api-catalog',
      `the API catalog is served as ${fetched.type || 'no type'}, not ${linksetType}`,
      evidence(fetched, fetched.type),
      fix,
    );
  if (!linkset)
    return fail('api-catalog', 'the API catalog is not a linkset document', evidence(fetched, fetched.text), fix);
  const anchorless = linkset.find((entry) => typeof entry?.anchor !== 'string');
  if (linkset.length === 0 || anchorless)
    return fail(
      'api-catalog',
      'a linkset entry has no anchor, or there is none',
      evidence(fetched, JSON.stringify(anchorless ?? [])),
      fix,
    );
  const misnamed = await notApiDescription(ctx, linkset, fetched.url);
  if (misnamed)
    return fail(
      'api-catalog',
      `the service-desc ${misnamed.url} ${misnamed.problem}`,
      evidence(misnamed, misnamed.problem),
      'Point each service-desc at a description of the API (OpenAPI, AsyncAPI, …); list skills in /.well-known/agent-skills/index.json instead.',
    );
  return pass('api-catalog', `RFC 9727 linkset with ${counted(linkset.length, 'API')}`, evidence(fetched));
}

/**
 * The first service-desc (of the first few) that answers with something that is plainly not an API
 * description: an HTML page or an Agent Skills index. One that does not answer is the openapi check's to report.
 */
async function notApiDescription(
  ctx: AuditContext,
  linkset: Linkset,
  base: string,
): Promise<(Fetched & { problem: string }) | undefined> {
  const hrefs = linkset
    .flatMap((entry) => [entry['service-desc'] ?? []].flat())
    .filter((link): link is { href: string } => isObject(link) && typeof link.href === 'string')
    .filter((link) => URL.canParse(link.href, base))
    .map((link) => new URL(link.href, base).href);
  for (const url of [...new Set(hrefs)].slice(0, maxDescriptions)) {
    const doc = await ctx.get(url, 'application/vnd.oai.openapi+json, application/json, application/yaml');
    if (!ok(doc)) continue;
    if (doc.type === 'text/html') return { ...doc, problem: 'is an HTML page, not an API description' };
    // An MCP server card or an A2A agent card (named, with skills) describes a service too; a skills
    // index (a nameless list of skills) describes none.
    const parsed = parseDescription(doc);
    const skillsIndex =
      isObject(parsed) &&
      (/agentskills/.test(String(parsed.$schema)) || (Array.isArray(parsed.skills) && typeof parsed.name !== 'string'));
    if (skillsIndex) return { ...doc, problem: 'is an Agent Skills index, not an API description' };
  }
  return undefined;
}

/** The document read as JSON, else as YAML; undefined when it is neither. */
function parseDescription(doc: Fetched): unknown {
  const parsed = json(doc);
  if (parsed !== undefined) return parsed;
  try {
    return yaml.load(doc.text, { schema: yaml.CORE_SCHEMA });
  } catch {
    return undefined;
  }
}

/** service-desc links that describe an HTTP API: typed as OpenAPI (or YAML/JSON without a more specific type). */
function descriptions(linkset: Linkset, base: string): string[] {
  return linkset
    .flatMap((entry) => [entry['service-desc'] ?? []].flat())
    .filter((link): link is { href: string; type?: string } => isObject(link) && typeof link.href === 'string')
    .filter(
      (link) =>
        link.type === undefined || /openapi|swagger|yaml/i.test(link.type) || /openapi|swagger/i.test(link.href),
    )
    .map((link) => new URL(link.href, base).href);
}

export async function openapi(ctx: AuditContext): Promise<CheckResult> {
  const { fetched, linkset } = await catalog(ctx);
  if (!linkset) return skip('openapi', 'no API catalog to name OpenAPI descriptions', evidence(fetched));
  const urls = [...new Set(descriptions(linkset, fetched.url))].slice(0, maxDescriptions);
  if (urls.length === 0)
    return skip('openapi', 'the API catalog links no OpenAPI description (service-desc)', evidence(fetched));
  const docs = await Promise.all(
    urls.map((url) => ctx.get(url, 'application/vnd.oai.openapi+json, application/json, application/yaml')),
  );
  for (const doc of docs) {
    const problem = !ok(doc) ? `answers ${doc.status}` : openapiProblem(doc);
    if (problem)
      return fail(
        'openapi',
        `the service-desc ${problem}`,
        evidence(doc, problem),
        'Each service-desc link should serve an OpenAPI 3.x document (openapi, info and paths) as JSON or YAML.',
      );
  }
  return pass(
    'openapi',
    `${counted(urls.length, 'OpenAPI 3.x description')} ${urls.length === 1 ? 'parses' : 'parse'}`,
    evidence(docs[0]!),
  );
}

function openapiProblem(doc: Fetched): string | undefined {
  const parsed = parseDescription(doc);
  if (parsed === undefined) return 'is neither JSON nor YAML';
  if (!isObject(parsed)) return 'is not an object';
  if (typeof parsed.openapi !== 'string' || !/^3\.\d+(\.\d+)?$/.test(parsed.openapi))
    return `has openapi ${JSON.stringify(parsed.openapi ?? null)}, not 3.x`;
  if (!isObject(parsed.info) || typeof parsed.info.title !== 'string') return 'has no info.title';
  if (!isObject(parsed.paths) && !isObject(parsed.webhooks) && !isObject(parsed.components)) return 'has no paths';
  return undefined;
}
