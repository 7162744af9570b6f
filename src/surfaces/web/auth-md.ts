// /auth.md: states that no authentication is required and describes the optional anonymous
// registration flow that the agent_auth block of the OAuth metadata points at.
import type { Config } from '../../config/config.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { Catalog } from '../../capabilities/catalog.ts';

export function authMarkdown(config: Config, content: ContentCatalog, catalog: Catalog): string {
  const b = config.baseUrl;
  const names = {
    requestAssessment: catalog.byKey.requestAssessment.name,
    sendEnquiry: catalog.byKey.sendEnquiry.name,
  };
  return `# Authentication

**No authentication is required.** The ${content.site.brandName} REST API under \`${b}/agent\` and every MCP tool
at \`${config.mcpUrl}\` except \`${names.requestAssessment}\` are anonymous: no key, no token, no registration.

## The one exception

\`${names.requestAssessment}\` needs the header \`Authorization: Bearer <API key>\`. Keys are issued by
${content.site.brandName} on request: send an enquiry with the topic \`partnership\`. Without a key, use
\`${names.sendEnquiry}\`${content.site.offer ? ' with the topic `assessment`' : ''}.

## Optional anonymous registration

1. Discover: \`GET ${b}/.well-known/oauth-authorization-server\`; its \`agent_auth\` block lists
   \`identity_types_supported: ["anonymous"]\` and the \`identity_endpoint\`.
2. Register: \`POST ${b}/agent/identity\` with \`{"identity_type":"anonymous"}\` (or \`{"type":"anonymous"}\`).
   The server acknowledges with \`"token": null\`; no credential exists, so there is nothing to claim,
   exchange or revoke.

No protected resources exist. The OAuth metadata is published for discovery only and
\`${b}/.well-known/jwks.json\` is an empty key set.
`;
}
