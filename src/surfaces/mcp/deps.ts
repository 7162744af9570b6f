// What the MCP binding needs from the composition root: the catalogue it serves and the call
// pipeline that runs it, caller recognition, agent insight, the response cache (its resources' texts)
// and the served OpenAPI contract, handed in as a lazy getter so MCP never imports the REST API that
// builds it. A narrow view so tools reach nothing else.
import type { Services } from '../../app/services.ts';

export type McpDeps = Pick<
  Services,
  | 'config'
  | 'logger'
  | 'content'
  | 'search'
  | 'insight'
  | 'callers'
  | 'catalog'
  | 'clientAddress'
  | 'pipeline'
  | 'responseCache'
> & {
  /** The OpenAPI contract served at /agent/openapi.json (the unversioned alias), built when first read. */
  openapi: () => Record<string, unknown>;
};

export function mcpDeps(services: Services, openapi: () => Record<string, unknown>): McpDeps {
  const { config, logger, content, search, insight, callers, catalog, clientAddress, pipeline, responseCache } =
    services;
  return {
    config,
    logger,
    content,
    search,
    insight,
    callers,
    catalog,
    clientAddress,
    pipeline,
    responseCache,
    openapi,
  };
}
