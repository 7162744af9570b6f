// The MCP server card (SEP-2127 fields plus the older serverInfo/transport/capabilities shape),
// built from the live tool catalog. Served at <MCP_URL>/server-card by the MCP listener and meant
// for /.well-known/mcp/server-card.json on the site, so both always list the same tools.
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import pkg from '../../package.json' with { type: 'json' };
import type { Config } from '../config.ts';
import type { SiteConfig } from '../domain/content/types.ts';
import { resourceUris, toolCatalog } from './tool-catalog.ts';

export const serverCardSchemaUrl = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
/** Protocol revisions served: the current one and, statelessly, the 2025 line. */
export const mcpProtocolVersions = ['2026-07-28', ...SUPPORTED_PROTOCOL_VERSIONS];

export interface ServerCard {
  $schema: string;
  name: string;
  title: string;
  version: string;
  description: string;
  websiteUrl: string;
  remotes: { type: 'streamable-http'; url: string; supportedProtocolVersions: string[] }[];
  serverInfo: { name: string; title: string; version: string };
  transport: { type: 'streamable-http'; url: string };
  capabilities: { tools: { listChanged: boolean }; resources: { listChanged: boolean } };
  authentication: { required: false; schemes: string[]; note: string };
  tools: { name: string; title: string; description: string; annotations: object }[];
  resources: ({ name: string; uri: string } | { name: string; uriTemplate: string })[];
}

export type CardSite = Pick<SiteConfig, 'brandName' | 'toolPrefix' | 'fit' | 'tagline' | 'offer' | 'examples'>;

/** The server's identity as MCP `serverInfo` and card name, e.g. "localhost/verto". */
export function serverIdentity(config: Pick<Config, 'baseUrl'>, site: Pick<SiteConfig, 'brandName'>): {
  name: string; title: string; version: string;
} {
  const host = new URL(config.baseUrl).hostname.replace(/^www\./, '');
  const reversed = host.split('.').reverse().join('.');
  const slug = site.brandName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return { name: `${reversed}/${slug}`, title: `${site.brandName} MCP server`, version: pkg.version };
}

/** Builds the card (the three MCP resources are always listed). Example: `buildServerCard(services.config, content.site).remotes[0].url === config.mcpUrl`. */
export function buildServerCard(
  config: Pick<Config, 'baseUrl' | 'mcpUrl'>, site: CardSite, extraResources: { name: string; uri: string }[] = [],
): ServerCard {
  const uris = resourceUris(site.toolPrefix);
  const identity = serverIdentity(config, site);
  const description = `${site.tagline} Tools to read the ${site.brandName} site, search case studies, match ` +
    `services and send enquiries. ${site.fit.trim()}`;
  return {
    $schema: serverCardSchemaUrl,
    name: identity.name,
    title: identity.title,
    version: identity.version,
    description,
    websiteUrl: config.baseUrl,
    remotes: [{ type: 'streamable-http', url: config.mcpUrl, supportedProtocolVersions: mcpProtocolVersions }],
    serverInfo: identity,
    transport: { type: 'streamable-http', url: config.mcpUrl },
    capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
    authentication: {
      required: false,
      schemes: ['bearer'],
      note: 'No credential is needed except for the assessment tool, which takes Authorization: Bearer <API key>.',
    },
    tools: toolCatalog(site).map(({ name, title, description: text, annotations }) =>
      ({ name, title, description: text, annotations })),
    resources: [
      { name: 'site-index', uri: uris.siteIndex },
      { name: 'openapi-spec', uri: uris.openapiSpec },
      { name: 'page', uriTemplate: uris.pageTemplate },
      ...extraResources,
    ],
  };
}
