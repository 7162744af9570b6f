// The MCP server card (SEP-2127 fields plus the older serverInfo/transport/capabilities shape),
// built from the capability catalogue. Served at <MCP_URL>/server-card by the MCP listener
// (src/surfaces/mcp/server-card-route.ts) and at /.well-known/mcp/server-card.json on the site, so both always list
// the same tools. The card's own fields keep to the v1 schema's bounds (description and title of at
// most 100 characters, a reverse-DNS name with one slash).
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import { siteIdentifier } from '../../domain/language/identifier.ts';
import pkg from '../../../package.json' with { type: 'json' };
import type { Config } from '../../config/config.ts';
import type { SiteConfig } from '../../domain/content/types.ts';
import { serverCardMediaType } from '../../domain/server-card-address.ts';
import { agentTools, type Capability } from '../capability.ts';
import { credentialNote } from '../credentials.ts';
import { resourceUris } from './mcp-resource-uris.ts';
import { toolAnnotations } from './tool-annotations.ts';

export const serverCardSchemaUrl = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
/** Longest `description` and `title` the v1 schema accepts. */
const cardTextMax = 100;
/** Longest `name` it accepts. */
const cardNameMax = 200;
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

/**
 * The server's identity as MCP `serverInfo` and card name, stable for a given public host: the host
 * reversed when it is a domain name ("acme.example" for brand Acme gives "example.acme/acme"), else the site's
 * own name ("acme/acme" on 127.0.0.1 or localhost), so an address never becomes the namespace.
 */
export function serverIdentity(
  config: Pick<Config, 'baseUrl'>,
  site: Pick<SiteConfig, 'brandName' | 'identifier'>,
): {
  name: string;
  title: string;
  version: string;
} {
  // One DNS label's length at most, so the name stays within the schema's 200 characters.
  const slug = siteIdentifier(site).slice(0, 63).replace(/-+$/, '') || 'agency';
  const host = new URL(config.baseUrl).hostname.replace(/^www\./, '');
  const reversed = host.split('.').reverse().join('.');
  const namespace = isDomainName(host) && reversed.length + slug.length < cardNameMax ? reversed : slug;
  return { name: `${namespace}/${slug}`, title: clipText(`${site.brandName} MCP server`), version: pkg.version };
}

/** A name of two or more DNS labels that is not an IP address (IPv6 hosts come bracketed). */
function isDomainName(host: string): boolean {
  return host.includes('.') && !/^\[|^[\d.]+$/.test(host) && /^[a-z0-9.-]+$/i.test(host);
}

/** `text` within the schema's 100 characters, cut at a word with an ellipsis when longer. */
function clipText(text: string): string {
  if (text.length <= cardTextMax) return text;
  const cut = text.slice(0, cardTextMax - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/**
 * The media type to answer with: the card's own, unless the client prefers plain `application/json`
 * (a client that names only that gets the same bytes under the type it can read). With neither
 * acceptable, the card's type anyway: RFC 9110 lets a server disregard Accept rather than send 406.
 * @example serverCardResponseType('application/json') // 'application/json'
 */
export function serverCardResponseType(accept: string | undefined): string {
  if (!accept) return serverCardMediaType;
  return quality(accept, 'application/json') > quality(accept, serverCardMediaType)
    ? 'application/json'
    : serverCardMediaType;
}

/**
 * Whether the well-known copy answers in the card's own type: only when the client names that type
 * and prefers it, so clients that have always read that address as plain JSON still get JSON.
 */
export function namesServerCardType(accept: string | undefined): boolean {
  return (
    accept !== undefined &&
    quality(accept, serverCardMediaType, true) > 0 &&
    serverCardResponseType(accept) === serverCardMediaType
  );
}

/** The q-value of the most specific Accept range matching `mediaType`: exact, then `type/*`, then any. */
function quality(accept: string, mediaType: string, exactOnly = false): number {
  const [type] = mediaType.split('/');
  let best = { specificity: -1, q: 0 };
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const specificity = range === mediaType ? 2 : exactOnly ? -1 : range === `${type}/*` ? 1 : range === '*/*' ? 0 : -1;
    if (specificity <= best.specificity) continue;
    const q = params.find((param) => param.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    best = { specificity, q: Number.isFinite(value) ? value : 0 };
  }
  return best.q;
}

/**
 * Builds the card: one tool per capability (the REST-only ones excepted), and the three MCP resources always. Example:
 * `buildServerCard(services.config, content.site, services.catalog.capabilities).remotes[0].url === config.mcpUrl`.
 */
export function buildServerCard(
  config: Pick<Config, 'baseUrl' | 'mcpUrl'>,
  site: CardSite,
  capabilities: readonly Capability[],
  extraResources: { name: string; uri: string }[] = [],
): ServerCard {
  const uris = resourceUris(site.toolPrefix);
  const identity = serverIdentity(config, site);
  // The fit and the tagline are in the tool descriptions and llms.txt; the card says what the server does.
  const description = clipText(
    `Read the ${site.brandName} site, search case studies, match services and send enquiries.`,
  );
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
      note: credentialNote(capabilities),
    },
    tools: agentTools(capabilities).map(({ name, title, description: text, hints }) => ({
      name,
      title,
      description: text,
      annotations: toolAnnotations(hints),
    })),
    resources: [
      { name: 'site-index', uri: uris.siteIndex },
      { name: 'openapi-spec', uri: uris.openapiSpec },
      { name: 'page', uriTemplate: uris.pageTemplate },
      ...extraResources,
    ],
  };
}
