// Assembles the MCP server's definitions once at start-up: identity, instructions, the ten tools
// in catalog order, the resources and the published skills. The per-request factory only registers these.
import type { McpDefinitions } from './build-server.ts';
import type { McpDeps } from './deps.ts';
import { withReadBudget } from './read-budget.ts';
import { siteResources } from './resources.ts';
import { serverIdentity } from './server-card.ts';
import { siteSkills } from './skills.ts';
import { toolCatalog, type ToolCatalogEntry, type ToolKey } from './tool-catalog.ts';
import { adviceTools } from './tools/advice-tools.ts';
import { contentTools } from './tools/content-tools.ts';
import { enquiryTools } from './tools/enquiry-tools.ts';

export interface DefinitionOptions {
  /**
   * Whether read tools spend the shared 300/min budget themselves (MCP: true). An adapter whose
   * HTTP route already spends it per request (A2A) builds them without, so no call pays twice.
   */
  readBudget?: boolean;
}

type Unbudgeted = Omit<McpDefinitions, 'info' | 'instructions'> & { entries: Record<ToolKey, ToolCatalogEntry> };

/** Tools and resources already built per deps: MCP and A2A share them (their schemas and result caches). */
const builtFor = new WeakMap<McpDeps, Unbudgeted>();

function buildUnbudgeted(deps: McpDeps): Unbudgeted {
  const cached = builtFor.get(deps);
  if (cached) return cached;
  const catalog = toolCatalog(deps.content.site);
  const entries = Object.fromEntries(catalog.map((entry) => [entry.key, entry])) as Record<ToolKey, ToolCatalogEntry>;
  const built = [...contentTools(deps, entries), ...adviceTools(deps, entries), ...enquiryTools(deps, entries)];
  const byKey = new Map(built.map((tool) => [tool.entry.key, tool]));
  const tools = catalog.map((entry) => {
    const tool = byKey.get(entry.key);
    if (!tool) throw new Error(`MCP tool ${entry.name} has no implementation`);
    return tool;
  });
  const made = { entries, tools, ...siteResources(deps, entries.getSiteIndex.name), skills: siteSkills(deps) };
  builtFor.set(deps, made);
  return made;
}

export function buildDefinitions(deps: McpDeps, options: DefinitionOptions = {}): McpDefinitions {
  const readBudget = options.readBudget ?? true;
  const site = deps.content.site;
  const { entries, resources, templates, skills, tools: unbudgeted } = buildUnbudgeted(deps);
  // Reads spend the shared 300/min budget; the acting tools spend the enquiry budget instead.
  const tools = unbudgeted.map((tool) => (readBudget && tool.entry.annotations.readOnlyHint ? withReadBudget(tool, deps) : tool));
  const instructions = `${site.brandName}: ${site.tagline} ${site.fit.trim()} Start with ${entries.getSiteIndex.name} ` +
    `to learn page slugs, then ${entries.getPage.name}. ${entries.sendEnquiry.name} contacts the agency on a user's behalf ` +
    `(with their consent); ${entries.requestAssessment.name} needs an API key.`;
  return { info: serverIdentity(deps.config, site), instructions, tools, resources, templates, skills };
}
