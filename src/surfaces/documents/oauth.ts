// OAuth discovery documents, published for discovery only (no tokens exist): RFC 8414 authorization
// server metadata with the agent_auth block, RFC 9728 protected-resource metadata, an empty JWKS.
import type { Config } from '../../config/config.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';

export function authorizationServerMetadata(config: Config): Record<string, unknown> {
  const b = config.baseUrl;
  return {
    issuer: b,
    // Only documents that exist: no authorization or token endpoint, because no token is ever issued.
    jwks_uri: `${b}/.well-known/jwks.json`,
    scopes_supported: ['anonymous'],
    response_types_supported: [],
    grant_types_supported: [],
    token_endpoint_auth_methods_supported: ['none'],
    service_documentation: `${b}/auth.md`,
    agent_auth: {
      skill: `${b}/auth.md`,
      identity_endpoint: `${b}/agent/identity`,
      register_uri: `${b}/agent/identity`,
      identity_types_supported: ['anonymous'],
      credentials_issued: false,
      documentation: `${b}/developers#authentication`,
    },
  };
}

export function protectedResourceMetadata(config: Config, content: ContentCatalog): Record<string, unknown> {
  const b = config.baseUrl;
  return {
    resource: b,
    resource_name: `${content.site.brandName} agent API`,
    authorization_servers: [b],
    scopes_supported: ['anonymous'],
    bearer_methods_supported: [],
    jwks_uri: `${b}/.well-known/jwks.json`,
    resource_documentation: `${b}/developers`,
  };
}

export const emptyJwks = { keys: [] as never[] };
