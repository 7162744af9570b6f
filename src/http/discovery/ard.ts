// The Agentic Resource Discovery catalog (ai-catalog data model, specVersion 1.0), served at both
// /.well-known/ard.json and the older /.well-known/ai-catalog.json.
import pkg from '../../../package.json' with { type: 'json' };
import type { Config } from '../../config.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import { toolCatalog } from '../../mcp/tool-catalog.ts';

export function ardCatalog(config: Config, content: ContentCatalog): Record<string, unknown> {
  const b = config.baseUrl;
  const url = new URL(b);
  const host = url.hostname;
  const brand = content.site.brandName;
  const name = brand.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'agency';
  const urn = (kind: string): string => `urn:air:${host}:${kind}:${name}`;
  const updatedAt = `${content.caseStudies[0]?.publishedAt ?? '2026-01-01'}T00:00:00Z`;
  return {
    specVersion: '1.0',
    host: {
      displayName: brand,
      identifier: `did:web:${encodeURIComponent(url.host)}`,
      documentationUrl: `${b}/developers`,
    },
    entries: [
      {
        identifier: urn('mcp'),
        displayName: `${brand} MCP server`,
        type: 'application/mcp-server-card+json',
        url: `${b}/.well-known/mcp/server-card.json`,
        description: `Read the ${brand} site, search case studies, match services to a challenge and send enquiries. ${content.site.fit}`,
        capabilities: toolCatalog(content.site).map((tool) => tool.name),
        representativeQueries: [
          'find a B2B SaaS marketing agency for demand generation',
          'case studies of account-based marketing for cybersecurity companies',
          'send an enquiry to a B2B technology marketing agency',
        ],
        version: pkg.version,
        updatedAt,
      },
      {
        identifier: urn('agent'),
        displayName: `${brand} agency agent`,
        type: 'application/a2a-agent-card+json',
        url: `${b}/.well-known/agent-card.json`,
        description: `Agent card describing ${brand}'s tools as skills.`,
      },
      {
        identifier: urn('api'),
        displayName: `${brand} REST API`,
        type: 'application/vnd.oai.openapi+json',
        url: `${b}/agent/openapi.json`,
        description: 'Health, contact enquiries and the paginated case-study index.',
        version: '1',
      },
      {
        identifier: urn('skills'),
        displayName: `${brand} agent skills`,
        type: 'application/json',
        url: `${b}/.well-known/agent-skills/index.json`,
        description: 'Agent Skills Discovery v0.2.0 index of SKILL.md files.',
      },
    ],
  };
}
