// /llms.txt (llmstxt.org: H1, blockquote summary, H2 sections of links, an "Optional" section) and
// /llms-full.txt (every page's markdown in one file). Links point at the markdown twins.
import type { Config } from '../../config/config.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { Page } from '../../domain/content/types.ts';
import { pageUrls } from '../../domain/content/urls.ts';
import { deprecationNotice } from './deprecation.ts';
import { absolutizeLinks } from './html.ts';
import { serverCardUrl } from '../../domain/server-card-address.ts';
import { exampleQuestion } from '../../domain/ask/example.ts';
import type { ServedPage } from './served-pages.ts';
import type { Catalog } from '../../capabilities/catalog.ts';
import { credentialNote, keyedCapabilityNames } from '../../capabilities/credentials.ts';

export function llmsTxt(config: Config, content: ContentCatalog, catalog: Pick<Catalog, 'capabilities'>): string {
  const b = config.baseUrl;
  const keyed = keyedCapabilityNames(catalog.capabilities);
  const link = (page: Page): string => `- [${page.title}](${pageUrls(b, page).markdown_url}): ${page.description}`;
  const notice = deprecationNotice(config);
  const sections = content.sections.map((section) => {
    const pages = content
      .pagesInSection(section.id)
      .filter(
        (page) => !page.caseStudySlug || (page.caseStudySlug && content.caseStudyBySlug(page.caseStudySlug)?.flagship),
      );
    return `## ${section.title}\n\n${pages.map(link).join('\n')}`;
  });
  const others = content.caseStudies
    .filter((cs) => !cs.flagship)
    .map((cs) => content.pageBySlug(`case-studies/${cs.slug}`)!);
  return `# ${content.site.brandName}

> ${[content.site.tagline, content.valueProposition].filter(Boolean).join(' ')}

${notice ? `${notice}\n\n` : ''}${content.site.fit ?? ''}
${content.site.sample ? `\nThis is sample content: ${content.site.brandName} and all its clients are fictional.\n` : ''}
Every page is available as markdown (links below), at its normal URL with \`Accept: text/markdown\`, or beside it
at \`<page>.md\` and \`<page>.html.md\` (\`/index.md\` for the home page).
Agents can use the REST API (${b}/agent/openapi.json) or the MCP server at ${config.mcpUrl}.
${credentialNote(catalog.capabilities)} Full text of every page: ${b}/llms-full.txt

${sections.join('\n\n')}

## ${content.ui.text('llms.developers')}

- [Developer guide](${b}/markdown/developers.md): REST API, MCP tools, authentication, limits, versioning and deprecation notices
- [OpenAPI contract](${b}/agent/openapi.json): REST API contract (current version)
- [OpenAPI contract, v1](${b}/agent/v1/openapi.json): REST API contract pinned to v1
- [MCP server card](${serverCardUrl(config)}): MCP server at ${config.mcpUrl} and its tools
- [Authentication](${b}/auth.md): ${keyed.length === 0 ? 'no authentication is required' : `an API key for ${keyed.join(', ')} only; every other call is anonymous`}
- [Agent-readiness audit](${b}/markdown/audit.md): how ready any public site is for AI agents (a form for people, \`POST /agent/audits\` and an MCP tool for agents)
- [Ask (NLWeb)](${b}/developers#ask-nlweb): ask a question in plain words, e.g. \`GET ${b}/ask?query=${encodeURIComponent(exampleQuestion(content))}\` (or POST NLWeb v0.54's body); answers come from this content, with the industry, company size and service a question names honoured as filters

## Optional

${others.map(link).join('\n')}
- [API catalog](${b}/.well-known/api-catalog): RFC 9727 linkset
- [Agent skills](${b}/.well-known/agent-skills/index.json): SKILL.md index
`;
}

export function llmsFullTxt(config: Config, content: ContentCatalog, pages: ServedPage[]): string {
  const parts = pages.map(
    ({ page, markdown }) =>
      `<!-- source: ${pageUrls(config.baseUrl, page).url} -->\n\n${absolutizeLinks(markdown, config.baseUrl).trim()}\n`,
  );
  const lead = [content.site.tagline, content.valueProposition].filter(Boolean).join(' ');
  const fit = content.site.fit ? `${content.site.fit}\n\n` : '';
  return `# ${content.site.brandName}\n\n> ${lead}\n\n${fit}---\n\n${parts.join('\n---\n\n')}`;
}
