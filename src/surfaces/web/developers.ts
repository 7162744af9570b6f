// The developer page (/developers) as markdown: REST API, MCP server, auth, limits, versioning and
// discovery documents, all built from config and content so URLs and names never drift. Its heading
// and lead speak the site's language; the reference stays English and says so (lang="en" in HTML).
import type { Config } from '../../config/config.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { Catalog } from '../../capabilities/catalog.ts';
import { exampleQuestion } from '../../domain/ask/example.ts';
import { deprecationNotice } from './deprecation.ts';
import {
  authenticationSection,
  frontModeSection,
  limitsSection,
  mcpServerSection,
  restApiSection,
  versioningSection,
} from './developer-sections.ts';

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

/**
 * The developer page in its parts: the heading and lead in the site's language (UI text), the site's
 * own fit, and the technical reference, which stays English (the language of the interfaces it names).
 */
export interface DeveloperParts {
  heading: string;
  lead: string;
  /** Absent while the content leaves it a gap. */
  fit?: string;
  /** Markdown, English; `notice` opens it when a version is deprecated. */
  reference: string;
  /** The reference's language when it differs from the page's ("en" on a German site), for `lang`. */
  referenceLang: 'en' | undefined;
}

export function developerParts(config: Config, content: ContentCatalog, catalog: Catalog): DeveloperParts {
  const b = config.baseUrl;
  const { ui } = content;
  const brand = content.site.brandName;
  const notice = deprecationNotice(config);
  const reference = `${notice ? `> ${notice}\n\n` : ''}${restApiSection(b, content)}

${mcpServerSection(config, catalog)}

${askSection(b, content)}

${namingSection(content, catalog.byKey.getPage.name)}

${authenticationSection(b, brand, catalog)}

${limitsSection(catalog)}

${versioningSection(b, notice)}

${discoverySection(b)}

${frontModeSection(b)}
`;
  return {
    heading: ui.text('nav.developers'),
    lead: ui.text('developers.lead', { brand }),
    ...(content.site.fit ? { fit: content.site.fit } : {}),
    reference,
    referenceLang: englishPartLang(ui.language),
  };
}

/** The `lang` of an English part of a page in `language`: "en" unless the page is English already (WCAG 3.1.2). */
export function englishPartLang(language: string): 'en' | undefined {
  return /^en(?:-|$)/i.test(language) ? undefined : 'en';
}

/** The developer page as markdown: REST API, MCP server, auth, limits, versioning, discovery documents. */
export function developersMarkdown(parts: DeveloperParts): string {
  return `# ${parts.heading}\n\n${parts.lead}\n\n${parts.fit ? `${parts.fit}\n\n` : ''}${parts.reference}`;
}

function discoverySection(b: string): string {
  return `## Markdown and discovery

- Every page as markdown at \`${b}/markdown/{slug}.md\`, beside the page at \`{page}.md\` and \`{page}.html.md\`
  (\`/index.md\` for the home page), or any page URL with \`Accept: text/markdown\`.
- Site index for LLMs: [llms.txt](${b}/llms.txt) and [llms-full.txt](${b}/llms-full.txt).
- Pages, markdown, llms files and JSON documents of 1 KB or more come compressed (brotli or gzip) when
  \`Accept-Encoding\` asks for it.

${discoveryPaths.map(([path, what]) => `- [${path}](${b}${path}): ${what}`).join('\n')}`;
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
| \`slug\` | the case study's own slug (\`${study}\`), as in \`${cs?.path ?? `/case-studies/${study}`}\` | always a page slug that \`${getPage}\` takes as is (\`case-studies/${study}\`, \`services/${service?.slug ?? 'service-name'}\`), in structured results and text alike |

A slug \`${getPage}\` does not know gets an error that suggests the page slug it most likely meant.`;
}
