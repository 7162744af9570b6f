// The developer page's reference sections (/developers): REST API, MCP server, authentication,
// limits, versioning and adoption in front of an existing site, each built from config and the
// capability catalogue so names never drift.
import type { Config } from '../../config/config.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import { describeBytes, describeRatePolicy } from '../../domain/limit-wording.ts';
import { auditPolicy, contactPolicy, generalPolicy } from '../../domain/rate-limit/rate-limit.ts';
import { fixedByFrontMode } from '../../audit/front-mode-fixes.ts';
import { maxRunningAudits } from '../../audit/running-audits.ts';
import { mcpMaxRequestBytes } from '../../http/request-limits.ts';
import { serverCardMediaType, serverCardUrl } from '../../domain/server-card-address.ts';
import type { Catalog } from '../../capabilities/catalog.ts';
import { agentTools } from '../../capabilities/capability.ts';
import { bodyLimitBytes } from '../../http/error-reply.ts';

export function restApiSection(b: string, content: ContentCatalog): string {
  return `## REST API

- Base: \`${b}/agent\` (always the current major version) and \`${b}/agent/v1\` (pinned to v1)
- Contract: [OpenAPI 3.1](${b}/agent/openapi.json) · [pinned v1 contract](${b}/agent/v1/openapi.json)
- Every response is JSON and carries \`API-Version\`.

| Operation | Purpose |
|---|---|
| \`GET /agent/health\` | Service status (does not probe the CRM or e-mail provider) |
| \`POST /agent/contact\` | Send an enquiry on behalf of a user; answers **202** with a reference |
| \`GET /agent/case-studies\` | Paginated index of all ${content.caseStudies.length} case studies (\`limit\` 1–50, default 10; \`cursor\`) |
| \`POST /agent/identity\` | Optional anonymous registration; no token is issued |
| \`POST /agent/audits\` | Audit any public site's agent readiness (\`{"url": …}\`); answers **201** with the report and \`Location\` of its page (people use [the form](${b}/audit)) |

Send \`Idempotency-Key\` with \`POST /agent/contact\` to retry safely: the same key and body within 24 hours
replays the first answer with \`Idempotent-Replayed: true\`; the same key with a different body gets 409.`;
}

export function mcpServerSection(config: Config, catalog: Catalog): string {
  const b = config.baseUrl;
  const tools = agentTools(catalog.capabilities);
  return `## MCP server

- Endpoint: \`${config.mcpUrl}\` (Streamable HTTP, stateless)
- Server card: [${serverCardUrl(config)}](${serverCardUrl(config)}) (\`${serverCardMediaType}\`), also at [${b}/.well-known/mcp/server-card.json](${b}/.well-known/mcp/server-card.json)
- Call \`${tools[0]?.name ?? 'get_site_index'}\` first to learn real page slugs.

| Tool | What it does |
|---|---|
${tools.map((tool) => `| \`${tool.name}\` | ${tool.title}${tool.authentication.scheme === 'bearer' ? ' (needs a bearer key)' : ''} |`).join('\n')}

Resources: \`site-index\`, \`openapi-spec\` and the \`page\` template (\`…/page/{slug}\`).
Skills: the agent skills of the skills index (see Markdown and discovery) as \`skill://<name>/SKILL.md\`, listed by \`skills/list\` (the MCP Skills extension, \`io.modelcontextprotocol/skills\`).`;
}

export function authenticationSection(b: string, brand: string, catalog: Catalog): string {
  const { byKey } = catalog;
  return `## Authentication

No credential is needed for the REST API or for any MCP tool except \`${byKey.requestAssessment.name}\`,
which takes \`Authorization: Bearer <API key>\`; keys are issued by ${brand} on request. See [auth.md](${b}/auth.md).
The OAuth metadata is published for discovery only and the key set is empty.`;
}

export function limitsSection(catalog: Catalog): string {
  const { byKey } = catalog;
  return `## Limits

Counted per client IP.

| What | Limit |
|---|---|
| \`POST /agent/contact\`, the contact form and MCP \`${byKey.sendEnquiry.name}\` and \`${byKey.requestAssessment.name}\` (shared) | ${describeRatePolicy(contactPolicy)} |
| \`POST /agent/audits\` and the audit form (shared) | ${describeRatePolicy(auditPolicy)}, and ${maxRunningAudits} audits at once on the server |
| Every \`/agent/*\`, \`/api/*\` and \`/ask\` request, contact posts included (valid or not) | ${describeRatePolicy(generalPolicy)} |
| Request body | ${describeBytes(bodyLimitBytes)} on the REST API and the contact form, ${describeBytes(mcpMaxRequestBytes)} on MCP (larger bodies get 413) |

Responses carry \`RateLimit-Policy\`, \`RateLimit\`, \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`;
a 429 adds \`Retry-After\`.`;
}

/** How versions are kept and retired; `notice` is the current deprecation notice, if any. */
export function versioningSection(b: string, notice: string | undefined): string {
  return `## Versioning

The major version is in the path; the current version is **1**. A breaking change ships as \`/agent/v2/…\`
beside v1, and nothing on v1 changes. A retired version is announced at least 90 days ahead here, in
[llms.txt](${b}/llms.txt) and in the OpenAPI contract, and its responses then carry \`Deprecation\` and
\`Sunset\` headers.${notice ? `\n\n${notice}` : ' No version is deprecated today.'}`;
}

/**
 * Adoption in short (docs/adopt.md in full): the product in front of an agency's existing site, and the
 * checks of the readiness audit it makes pass (the audit report links here).
 */
export function frontModeSection(b: string): string {
  const checks = fixedByFrontMode.map((id) => `\`${id}\``).join(', ');
  return `## In front of an existing site

An agency that keeps its own website (its CMS, pages and forms) can put this product in front of it
(front mode): people get the existing site passed through unchanged, agents get everything on this page,
answered from an import of the site.

1. Audit the site as it is: \`npx agentsite audit https://www.agency.example\` (or [the audit form](${b}/audit)).
2. Import it into a content folder: \`npx agentsite import https://www.agency.example --out ./agency-content\`,
   then fill the gaps it marks (\`npm run content:check -- ./agency-content\`).
3. Run the product with \`ORIGIN_URL\` at the existing site and \`CONTENT_DIR\` at the folder, and point the
   site's public name at it. Every address the product does not answer itself goes to the existing site.
4. Audit again. These checks pass through the product whatever the existing site serves: ${checks}.
   The home page's structured data and forms stay the site's own; one skill in the content folder's
   \`skills/\` fills the agent skills index.`;
}
