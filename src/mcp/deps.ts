// What the MCP tools need from the composition root: the validated content, the shared search, the
// shared enquiry path, the shared rate limiter, caller recognition and the served OpenAPI contract. A narrow view so tools reach nothing else.
import { agentContract } from '../http/agent/index.ts';
import type { Services } from '../services.ts';

export type McpDeps = Pick<Services, 'config' | 'logger' | 'content' | 'search' | 'enquiries' | 'insight' | 'rateLimiter' | 'callers'> & {
  /** The OpenAPI contract served at /agent/openapi.json (the unversioned alias). */
  openapi: Record<string, unknown>;
};

/** One view per services object, so MCP and A2A share the tools built over it (definitions.ts). */
const views = new WeakMap<Services, McpDeps>();

export function mcpDeps(services: Services): McpDeps {
  let deps = views.get(services);
  if (!deps) {
    const { config, logger, content, search, enquiries, insight, rateLimiter, callers } = services;
    // The contract is built when first read (an MCP resource read), not at start-up.
    deps = { config, logger, content, search, enquiries, insight, rateLimiter, callers, get openapi() { return agentContract(services); } };
    views.set(services, deps);
  }
  return deps;
}
