// The Agentic Resource Discovery catalog (ai-catalog data model, specVersion 1.0), served as
// application/ai-catalog+json at /.well-known/ard.json (the one robots.txt's Agentmap and the pages'
// rel="ard" links name) and at /.well-known/ai-catalog.json. Every entry has a media type
// from the specification's registered list, so the REST API (OpenAPI has none there) is described
// by the RFC 9727 api-catalog instead, and each SKILL.md is an entry of its own.
import { withFit } from '../../domain/agency/fit.ts';
import pkg from '../../../package.json' with { type: 'json' };
import { siteIdentifier } from '../../domain/language/identifier.ts';
import type { Config } from '../../config/config.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import { serverCardMediaType, serverCardUrl } from '../../domain/server-card-address.ts';
import { agentTools, type Capability } from '../../capabilities/capability.ts';
import { publishSkills, skillUrl } from './skills.ts';

export const aiCatalogMediaType = 'application/ai-catalog+json';
const skillMediaType = 'text/markdown; profile="urn:air:agent-skills"';

export function ardCatalog(
  config: Config,
  content: ContentCatalog,
  capabilities: readonly Capability[],
): Record<string, unknown> {
  const b = config.baseUrl;
  const url = new URL(b);
  const host = url.hostname;
  const brand = content.site.brandName;
  const name = siteIdentifier(content.site) || 'agency';
  const urn = (kind: string): string => `urn:air:${host}:${kind}:${name}`;
  const updatedAt = `${content.caseStudies[0]?.publishedAt ?? '2026-01-01'}T00:00:00Z`;
  return {
    specVersion: '1.0',
    host: {
      displayName: brand,
      identifier: `did:web:${encodeURIComponent(url.host)}`,
      documentationUrl: `${b}/developers`,
      logoUrl: `${b}/logo.svg`,
    },
    entries: [
      {
        identifier: urn('mcp'),
        displayName: `${brand} MCP server`,
        type: serverCardMediaType,
        // The card where SEP-2127 hosts it, at the MCP address; the well-known copy stays for older clients.
        url: serverCardUrl(config),
        description: withFit(
          `Read the ${brand} site, search case studies, match services to a challenge and send enquiries.`,
          content.site,
        ),
        capabilities: agentTools(capabilities).map((capability) => capability.name),
        representativeQueries: content.site.representativeQueries.mcp,
        version: pkg.version,
        updatedAt,
      },
      {
        identifier: urn('agent'),
        displayName: `${brand} agency agent`,
        type: 'application/a2a-agent-card+json',
        url: `${b}/.well-known/agent-card.json`,
        description: `A2A agent card of ${brand}: the site's read tools and the enquiry as skills.`,
        representativeQueries: content.site.representativeQueries.a2a,
      },
      ...publishSkills(config, content).map((skill, i) => ({
        identifier: `urn:air:${host}:skill:${skill.name}`,
        displayName: `${brand} skill: ${skill.name}`,
        type: skillMediaType,
        url: skillUrl(config, skill.name),
        description: skill.description,
        representativeQueries: skillQueries(
          content.skills[i]!.representativeQueries,
          skill.description,
          brand,
          skill.name,
        ),
      })),
    ],
  };
}

/** The skill file's own queries; without them, its description's sentences (the "Use when…" one included). */
function skillQueries(own: string[], description: string, brand: string, name: string): string[] {
  if (own.length > 0) return own;
  const sentences = description
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.replace(/[.!?]+$/, '').trim())
    .filter(Boolean);
  const queries = sentences.slice(0, 3);
  if (queries.length < 2) queries.push(`${brand} ${name.replace(/-/g, ' ')}`);
  return queries;
}
