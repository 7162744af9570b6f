// What the MCP tools need from the composition root: the validated content, the shared search, the
// shared enquiry path and the OpenAPI contract. A narrow view so tools cannot reach anything else.
import type { Services } from '../services.ts';

export type McpDeps = Pick<Services, 'config' | 'logger' | 'content' | 'search' | 'enquiries'> & {
  /** The served OpenAPI contract (unversioned alias), as JSON. */
  openapi(): object;
};

export function mcpDeps(services: Services): McpDeps {
  const { config, logger, content, search, enquiries } = services;
  return { config, logger, content, search, enquiries, openapi: () => ({}) };
}
