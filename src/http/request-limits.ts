// Request bounds both listeners state: the MCP server enforces this one, and the developer page names it.

/** Largest MCP request body accepted (bytes); larger bodies get 413. The one place this bound lives. */
export const mcpMaxRequestBytes = 64 * 1024;
