// The three MCP resources: the site index (markdown), the served OpenAPI contract (JSON) and the
// page template (any page as markdown). An unknown page is the spec's resource-not-found error
// (SEP-2164: JSON-RPC -32602 with data.uri; the SDK's ResourceNotFoundError). The site index and
// the contract are made once and kept in the response cache (`mcp` entries); a page's markdown is
// its title joined to its body, nothing to keep.
import { ResourceNotFoundError, ResourceTemplate } from '@modelcontextprotocol/server';
import { textBytes } from '../../cache/response-cache.ts';
import { getSiteIndex } from '../../domain/agency/site-index.ts';
import type { McpResource, McpResourceTemplate } from './build-server.ts';
import type { McpDeps } from './deps.ts';
import { withTitle } from '../../capabilities/page-markdown.ts';
import { resourceUris } from '../../capabilities/documents/mcp-resource-uris.ts';

export function siteResources(
  deps: McpDeps,
  getSiteIndexTool: string,
): { resources: McpResource[]; templates: McpResourceTemplate[] } {
  const { content } = deps;
  const uris = resourceUris(content.site.toolPrefix);
  const brand = content.site.brandName;
  const texts = deps.responseCache.namespace('mcp', textBytes);

  const siteIndex: McpResource = {
    name: 'site-index',
    uri: uris.siteIndex,
    metadata: {
      title: `${brand} site index`,
      description: `Every page of the ${brand} site by section, with slugs for the page template. Same data as ${getSiteIndexTool}.`,
      mimeType: 'text/markdown',
    },
    read: (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'text/markdown',
          text: texts.remember('site-index', () => siteIndexMarkdown(deps, uris.pageTemplate)),
        },
      ],
    }),
  };

  const openapi: McpResource = {
    name: 'openapi-spec',
    uri: uris.openapiSpec,
    metadata: {
      title: `${brand} Agent API OpenAPI contract`,
      description: 'The OpenAPI 3.1 contract of the REST API under /agent (health, contact enquiries, case studies).',
      mimeType: 'application/json',
    },
    read: (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'application/json',
          text: texts.remember('openapi-spec', () => JSON.stringify(deps.openapi(), null, 2)),
        },
      ],
    }),
  };

  const page: McpResourceTemplate = {
    name: 'page',
    template: new ResourceTemplate(uris.pageTemplate, { list: undefined }),
    metadata: {
      title: `${brand} page`,
      description: `Any page of the ${brand} site as markdown, by slug (e.g. "about", "${deps.content.site.examples.pageSlug}"). Slugs are in the site-index resource.`,
      mimeType: 'text/markdown',
    },
    read: (uri, variables) => {
      const slug = String(variables.slug ?? '');
      const found = content.pageBySlug(slug);
      if (!found)
        throw new ResourceNotFoundError(
          uri.href,
          `No page with slug "${slug.slice(0, 100)}"; see the site-index resource.`,
        );
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: withTitle(found.title, found.body) }] };
    },
  };

  return { resources: [siteIndex, openapi], templates: [page] };
}

function siteIndexMarkdown(deps: McpDeps, pageTemplate: string): string {
  const index = getSiteIndex(deps.content, deps.search);
  const lines = [
    `# ${index.brandName}`,
    '',
    `> ${index.tagline}`,
    '',
    ...[index.fit, index.valueProposition].flatMap((text) => (text ? [text.trim(), ''] : [])),
    `Read a page with the resource template ${pageTemplate}.`,
  ];
  for (const section of index.sections) {
    lines.push('', `## ${section.title}`, '', section.description, '');
    for (const page of section.pages) lines.push(`- ${page.slug}: ${page.title} — ${page.description}`);
  }
  return lines.join('\n');
}
