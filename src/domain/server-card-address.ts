// Where the MCP server card is hosted and under which media type (SEP-2127), for every document that
// names it (the AI catalog, the API catalog, llms.txt, /developers) and for the MCP listener that
// serves it, so each adapter takes the address from here rather than from another adapter.
import type { Config } from '../config/config.ts';

/** The card's media type; clients ask for it with Accept and servers echo it. */
export const serverCardMediaType = 'application/mcp-server-card+json';

/** SEP-2127's reserved place for a hosted card: `<streamable-http-url>/server-card`. */
export function serverCardUrl(config: Pick<Config, 'mcpUrl'>): string {
  return `${config.mcpUrl}/server-card`;
}
