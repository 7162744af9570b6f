// Assembles the MCP server's definitions once at start-up from the capability catalogue: identity,
// instructions, one tool per capability in catalogue order (the REST-only ones excepted), the resources and the published skills.
// The per-request factory only registers these.
import type { McpDefinitions } from './build-server.ts';
import type { McpDeps } from './deps.ts';
import { siteResources } from './resources.ts';
import { serverIdentity } from '../../capabilities/documents/mcp-server-card.ts';
import { siteSkills } from './skills.ts';
import { mcpTool } from './tool-binding.ts';
import { agentTools } from '../../capabilities/capability.ts';

export function buildDefinitions(deps: McpDeps): McpDefinitions {
  const site = deps.content.site;
  const { capabilities, byKey } = deps.catalog;
  const instructions =
    `${site.brandName}: ${site.tagline} ${site.fit.trim()} Start with ${byKey.getSiteIndex.name} ` +
    `to learn page slugs, then ${byKey.getPage.name}. ${byKey.sendEnquiry.name} contacts the agency on a user's behalf ` +
    `(with their consent); ${byKey.requestAssessment.name} needs an API key.`;
  return {
    info: serverIdentity(deps.config, site),
    instructions,
    tools: agentTools(capabilities).map((capability) => mcpTool(capability, deps.pipeline)),
    ...siteResources(deps, byKey.getSiteIndex.name),
    skills: siteSkills(deps),
    ui: deps.content.ui,
  };
}
