// The RFC 9727 API catalog (a linkset at /.well-known/api-catalog, its media type) and each OpenAPI
// description its service-desc links name (parsed as OpenAPI 3.x, JSON or YAML).
import yaml from 'js-yaml';
import type { AuditContext, Fetched } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { evidence, fail, isObject, json, ok, pass, skip } from '../verdict.ts';
import { apiWords } from '../words/api.ts';

const linksetType = 'application/linkset+json';
const maxDescriptions = 5;

type Linkset = { anchor?: unknown; [relation: string]: unknown }[];
/** What is wrong with a service-desc's document, and the values its sentence places. */
type DescriptionProblem =
  | { problem: 'answers'; status: number }
  | { problem: 'version'; version: string }
  | { problem: 'neither' | 'notObject' | 'noTitle' | 'noPaths' };

async function catalog(ctx: AuditContext): Promise<{ fetched: Fetched; linkset?: Linkset }> {
  const fetched = await ctx.get('/.well-known/api-catalog', linksetType);
  const doc = ok(fetched) ? json(fetched) : undefined;
  return { fetched, ...(isObject(doc) && Array.isArray(doc.linkset) && { linkset: doc.linkset as Linkset }) };
}

export async function apiCatalog(ctx: AuditContext): Promise<CheckResult> {
  const say = apiWords(ctx.language);
  const { fetched, linkset } = await catalog(ctx);
  const fix = say('serveCatalog');
  if (!ok(fetched))
    return fail('api-catalog', say('catalogNotServed', { status: fetched.status }), evidence(fetched), fix);
  if (fetched.type !== linksetType)
    return fail(
      'api-catalog',
      fetched.type ? say('catalogWrongType', { type: fetched.type }) : say('catalogNoType'),
      evidence(fetched, fetched.type),
      fix,
    );
  if (!linkset) return fail('api-catalog', say('notLinkset'), evidence(fetched, fetched.text), fix);
  const anchorless = linkset.find((entry) => typeof entry?.anchor !== 'string');
  if (linkset.length === 0 || anchorless)
    return fail('api-catalog', say('noAnchor'), evidence(fetched, JSON.stringify(anchorless ?? [])), fix);
  const misnamed = await notApiDescription(ctx, linkset, fetched.url);
  if (misnamed)
    return fail(
      'api-catalog',
      say('notDescription', { kind: misnamed.kind, url: misnamed.url }),
      evidence(misnamed, say('notDescriptionEvidence', { kind: misnamed.kind })),
      say('pointAtDescriptions'),
    );
  return pass('api-catalog', say('catalogPassed', { apis: linkset.length }), evidence(fetched));
}

/**
 * The first service-desc (of the first few) that answers with something that is plainly not an API
 * description: an HTML page or an Agent Skills index. One that does not answer is the openapi check's to report.
 */
async function notApiDescription(
  ctx: AuditContext,
  linkset: Linkset,
  base: string,
): Promise<(Fetched & { kind: 'html' | 'skills' }) | undefined> {
  const hrefs = linkset
    .flatMap((entry) => [entry['service-desc'] ?? []].flat())
    .filter((link): link is { href: string } => isObject(link) && typeof link.href === 'string')
    .filter((link) => URL.canParse(link.href, base))
    .map((link) => new URL(link.href, base).href);
  for (const url of [...new Set(hrefs)].slice(0, maxDescriptions)) {
    const doc = await ctx.get(url, 'application/vnd.oai.openapi+json, application/json, application/yaml');
    if (!ok(doc)) continue;
    if (doc.type === 'text/html') return { ...doc, kind: 'html' };
    // An MCP server card or an A2A agent card (named, with skills) describes a service too; a skills
    // index (a nameless list of skills) describes none.
    const parsed = parseDescription(doc);
    const skillsIndex =
      isObject(parsed) &&
      (/agentskills/.test(String(parsed.$schema)) || (Array.isArray(parsed.skills) && typeof parsed.name !== 'string'));
    if (skillsIndex) return { ...doc, kind: 'skills' };
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
  const say = apiWords(ctx.language);
  const { fetched, linkset } = await catalog(ctx);
  if (!linkset) return skip('openapi', say('noCatalog'), evidence(fetched));
  const urls = [...new Set(descriptions(linkset, fetched.url))].slice(0, maxDescriptions);
  if (urls.length === 0) return skip('openapi', say('noDescriptions'), evidence(fetched));
  const docs = await Promise.all(
    urls.map((url) => ctx.get(url, 'application/vnd.oai.openapi+json, application/json, application/yaml')),
  );
  for (const doc of docs) {
    const problem: DescriptionProblem | undefined = !ok(doc)
      ? { problem: 'answers', status: doc.status }
      : openapiProblem(doc);
    if (problem)
      return fail(
        'openapi',
        say('descriptionProblem', problem),
        evidence(doc, say('descriptionProblemEvidence', problem)),
        say('describeApi'),
      );
  }
  return pass('openapi', say('openapiPassed', { count: urls.length }), evidence(docs[0]!));
}

function openapiProblem(doc: Fetched): DescriptionProblem | undefined {
  const parsed = parseDescription(doc);
  if (parsed === undefined) return { problem: 'neither' };
  if (!isObject(parsed)) return { problem: 'notObject' };
  if (typeof parsed.openapi !== 'string' || !/^3\.\d+(\.\d+)?$/.test(parsed.openapi))
    return { problem: 'version', version: JSON.stringify(parsed.openapi ?? null) };
  if (!isObject(parsed.info) || typeof parsed.info.title !== 'string') return { problem: 'noTitle' };
  if (!isObject(parsed.paths) && !isObject(parsed.webhooks) && !isObject(parsed.components))
    return { problem: 'noPaths' };
  return undefined;
}
