// Which of the site's tools the A2A agent serves as skills: every read tool and the enquiry. The
// assessment request needs a partner's API key, for which the agent card declares no scheme.
import type { ToolCatalogEntry } from '../mcp/tool-catalog.ts';

/** True for the tools that are skills of the A2A agent (the card lists exactly these). */
export function servedAsSkill(entry: Pick<ToolCatalogEntry, 'key' | 'annotations'>): boolean {
  return entry.annotations.readOnlyHint === true || entry.key === 'sendEnquiry';
}
