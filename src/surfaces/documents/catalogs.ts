// The RFC 9727 API catalog (linkset) and the legacy ai-plugin manifest: where the REST contract,
// its docs and status live, and where the MCP server is described.
import { withFit } from '../../domain/agency/fit.ts';
import type { Config } from '../../config/config.ts';
import { siteIdentifier } from '../../domain/language/identifier.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import { serverCardMediaType, serverCardUrl } from '../../domain/server-card-address.ts';

export const linksetType = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';
const openapiType = 'application/vnd.oai.openapi+json;version=3.1';

export function apiCatalog(config: Config): { linkset: Record<string, unknown>[] } {
  const b = config.baseUrl;
  return {
    linkset: [
      {
        anchor: `${b}/agent`,
        'service-desc': [
          { href: `${b}/agent/openapi.json`, type: openapiType },
          { href: `${b}/agent/v1/openapi.json`, type: openapiType },
        ],
        'service-doc': [{ href: `${b}/developers`, type: 'text/html' }],
        status: [{ href: `${b}/agent/health`, type: 'application/json' }],
      },
      {
        anchor: config.mcpUrl,
        'service-desc': [
          { href: serverCardUrl(config), type: serverCardMediaType },
          { href: `${b}/.well-known/mcp/server-card.json`, type: 'application/json' },
        ],
        'service-doc': [{ href: `${b}/developers#mcp-server`, type: 'text/html' }],
      },
    ],
  };
}

export function aiPluginManifest(config: Config, content: ContentCatalog): Record<string, unknown> {
  const b = config.baseUrl;
  const brand = content.site.brandName;
  return {
    schema_version: 'v1',
    name_for_human: brand,
    name_for_model: siteIdentifier(content.site, '_').slice(0, 50),
    description_for_human: `${content.site.tagline} Browse case studies and contact ${brand}.`.slice(0, 120),
    description_for_model: withFit(
      `${brand} agency API: list case studies (GET /agent/case-studies) and send a contact enquiry on a user's behalf (POST /agent/contact, only with the user's consent).`,
      content.site,
    ),
    auth: { type: 'none' },
    api: { type: 'openapi', url: `${b}/agent/openapi.json` },
    logo_url: `${b}/logo.svg`,
    ...(content.contact.email && { contact_email: content.contact.email }),
    legal_info_url: `${b}${content.site.paths.about}`,
  };
}
