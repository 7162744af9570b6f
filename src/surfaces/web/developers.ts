// The developer page (/developers) as markdown: REST API, MCP server, auth, limits, versioning and
// discovery documents, all built from config and content so URLs and names never drift.
import type { Config } from '../../config/config.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import { describeBytes, describeRatePolicy } from '../../domain/limit-wording.ts';
import { auditPolicy, contactPolicy, generalPolicy } from '../../domain/rate-limit/rate-limit.ts';
import { maxRunningAudits } from '../../audit/running-audits.ts';
import { mcpMaxRequestBytes } from '../../http/request-limits.ts';
import { serverCardMediaType, serverCardUrl } from '../../domain/server-card-address.ts';
import type { Catalog } from '../../capabilities/catalog.ts';
import { exampleQuestion } from '../../domain/ask/example.ts';
import { bodyLimitBytes } from '../../http/error-reply.ts';
import { deprecationNotice } from './deprecation.ts';

export const discoveryPaths: [string, string][] = [
  ['/.well-known/api-catalog', 'RFC 9727 API catalog (linkset) of the REST API and the MCP server'],
  ['/.well-known/mcp/server-card.json', 'MCP server card'],
  ['/.well-known/agent-card.json', 'A2A agent card, signed (a JWS over its RFC 8785 form, A2A §8.4)'],
  ['/.well-known/agent-card-jwks.json', "The keys that verify the agent card's signature (its `jku`)"],
  [
    '/.well-known/ard.json',
    'Agentic Resource Discovery catalog (also at /.well-known/ai-catalog.json; robots.txt names it as Agentmap)',
  ],
  [
    '/.well-known/agent-skills/index.json',
    'Agent skills index, discovery v0.2.0 (each SKILL.md with the SHA-256 digest of its bytes; also at /.well-known/skills/index.json)',
  ],
  ['/.well-known/ai-plugin.json', 'Legacy plugin manifest pointing at the OpenAPI contract'],
  [
    '/.well-known/oauth-authorization-server',
    'Authorization server metadata with the agent_auth block (discovery only)',
  ],
  ['/.well-known/oauth-protected-resource', 'Protected resource metadata (anonymous scope)'],
  ['/.well-known/jwks.json', 'Empty key set: no tokens are signed'],
];

export function developersMarkdown(config: Config, content: ContentCatalog, catalog: Catalog): string {
  const b = config.baseUrl;
  const brand = content.site.brandName;
  const notice = deprecationNotice(config);
  const tools = catalog.capabilities;
  const { byKey } = catalog;
  return `# Developers

${notice ? `> ${notice}\n\n` : ''}${brand} publishes its site for AI agents and developers: a REST API, an MCP tool server,
markdown versions of every page and discovery documents. Nothing needs a key except one MCP tool.

${content.site.fit}

## REST API

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
replays the first answer with \`Idempotent-Replayed: true\`; the same key with a different body gets 409.

## MCP server

- Endpoint: \`${config.mcpUrl}\` (Streamable HTTP, stateless)
- Server card: [${serverCardUrl(config)}](${serverCardUrl(config)}) (\`${serverCardMediaType}\`), also at [${b}/.well-known/mcp/server-card.json](${b}/.well-known/mcp/server-card.json)
- Call \`${tools[0]?.name ?? 'get_site_index'}\` first to learn real page slugs.

| Tool | What it does |
|---|---|
${tools.map((tool) => `| \`${tool.name}\` | ${tool.title}${tool.authentication.scheme === 'bearer' ? ' (needs a bearer key)' : ''} |`).join('\n')}

Resources: \`site-index\`, \`openapi-spec\` and the \`page\` template (\`…/page/{slug}\`).
Skills: the agent skills of the skills index (see Markdown and discovery) as \`skill://<name>/SKILL.md\`, listed by \`skills/list\` (the MCP Skills extension, \`io.modelcontextprotocol/skills\`).

${askSection(b, content)}

${namingSection(content, byKey.getPage.name)}

## Authentication

No credential is needed for the REST API or for any MCP tool except \`${byKey.requestAssessment.name}\`,
which takes \`Authorization: Bearer <API key>\`; keys are issued by ${brand} on request. See [auth.md](${b}/auth.md).
The OAuth metadata is published for discovery only and the key set is empty.

## Limits

Counted per client IP.

| What | Limit |
|---|---|
| \`POST /agent/contact\`, the contact form and MCP \`${byKey.sendEnquiry.name}\` and \`${byKey.requestAssessment.name}\` (shared) | ${describeRatePolicy(contactPolicy)} |
| \`POST /agent/audits\` and the audit form (shared) | ${describeRatePolicy(auditPolicy)}, and ${maxRunningAudits} audits at once on the server |
| Every \`/agent/*\`, \`/api/*\` and \`/ask\` request, contact posts included (valid or not) | ${describeRatePolicy(generalPolicy)} |
| Request body | ${describeBytes(bodyLimitBytes)} on the REST API and the contact form, ${describeBytes(mcpMaxRequestBytes)} on MCP (larger bodies get 413) |

Responses carry \`RateLimit-Policy\`, \`RateLimit\`, \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`;
a 429 adds \`Retry-After\`.

## Versioning

The major version is in the path; the current version is **1**. A breaking change ships as \`/agent/v2/…\`
beside v1, and nothing on v1 changes. A retired version is announced at least 90 days ahead here, in
[llms.txt](${b}/llms.txt) and in the OpenAPI contract, and its responses then carry \`Deprecation\` and
\`Sunset\` headers.${notice ? `\n\n${notice}` : ' No version is deprecated today.'}

## Markdown and discovery

- Every page as markdown at \`${b}/markdown/{slug}.md\`, or any page URL with \`Accept: text/markdown\`.
- Site index for LLMs: [llms.txt](${b}/llms.txt) and [llms-full.txt](${b}/llms-full.txt).
- Pages, markdown, llms files and JSON documents of 1 KB or more come compressed (brotli or gzip) when
  \`Accept-Encoding\` asks for it.

${discoveryPaths.map(([path, what]) => `- [${path}](${b}${path}): ${what}`).join('\n')}
`;
}

/** NLWeb's ask: both request forms, with a question this content answers. */
function askSection(b: string, content: ContentCatalog): string {
  const question = exampleQuestion(content);
  return `## Ask (NLWeb)

Ask a question in plain words; the answer comes from this site's content (no model writes it). Constraints
in the question are honoured as filters: an industry the case studies name, a company size (a bound such
as "above 50M" or "under 20M", or a range "between 20M and 60M"), a service by name or initials; a question outside
${content.site.brandName}'s fit is told so, and why.

- \`GET ${b}/ask?query=…\`: NLWeb's list, \`{query_id, results: [{url, name, site, score, description, schema_object}]}\`;
  server-sent events when the client accepts \`text/event-stream\` (unless \`streaming=false\`). Optional:
  \`site\`, \`generate_mode\` (\`list\`, \`summarize\`, \`generate\`: all list ranked content), \`query_id\`.
- \`POST ${b}/ask\` with NLWeb v0.54's body, \`{"query": {"text": "…"}}\`: \`{_meta: {response_type: "Answer", version}, results}\`
  of schema.org objects, each with \`grounding\` (the page it comes from) and an enquiry action. A body
  without \`query.text\` gets 400 with \`error.code\` \`INVALID_REQUEST\`.

Example: [the answer to "${question}"](${b}/ask?query=${encodeURIComponent(question)}&streaming=false).`;
}

/** Each surface keeps one naming convention on purpose; this says which, with live examples. */
function namingSection(content: ContentCatalog, getPage: string): string {
  const cs = content.caseStudies[0];
  const service = content.services[0];
  const study = cs?.slug ?? 'client-name';
  return `## Naming

Each surface has one convention, kept on purpose:

| What | REST API (\`/agent\`) | MCP tools |
|---|---|---|
| Field names | snake_case, fixed by the v1 contract (\`headline_stat\`, \`published_at\`, \`markdown_url\`) | camelCase, as MCP's own messages (\`headlineStat\`, \`publishedAt\`, \`markdownUrl\`) |
| A case study's client | \`name\` | \`client\` |
| \`slug\` | the case study's own slug (\`${study}\`), as in \`/case-studies/${study}\` | always a page slug that \`${getPage}\` takes as is (\`case-studies/${study}\`, \`services/${service?.slug ?? 'service-name'}\`), in structured results and text alike |

A slug \`${getPage}\` does not know gets an error that suggests the page slug it most likely meant.`;
}
