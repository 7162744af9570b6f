// Registers every /.well-known discovery document (the formats the README lists), built from config and
// content so that BASE_URL, MCP_URL and the brand change all of them together; each is made again
// when the content folder is loaded again (its skills, its site facts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Catalog } from '../../capabilities/catalog.ts';
import type { Config } from '../../config/config.ts';
import type { CardKeys } from '../../domain/card-signing/card-keys.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import { perContent } from '../../domain/content/live-content.ts';
import { buildServerCard, namesServerCardType } from '../../capabilities/documents/mcp-server-card.ts';
import { serverCardMediaType } from '../../domain/server-card-address.ts';
import { contentUsageHeader } from '../../http/content-usage.ts';
import { addVary, FixedBody, sendFixed } from '../../http/fixed-body.ts';
import type { ResponseCache } from '../../cache/response-cache.ts';
import { agentCard } from '../../capabilities/documents/agent-card.ts';
import { ardPath } from '../../capabilities/documents/discovery-paths.ts';
import { aiCatalogMediaType, ardCatalog } from './ard.ts';
import { aiPluginManifest, apiCatalog, linksetType } from './catalogs.ts';
import { authorizationServerMetadata, emptyJwks, protectedResourceMetadata } from './oauth.ts';
import { registerSignedAgentCard } from './signed-card.ts';
import { publishSkills, skillsIndex } from './skills.ts';

export interface DiscoveryDeps {
  config: Config;
  content: ContentCatalog;
  cardKeys: CardKeys;
  /** What the documents list: MCP tools, A2A skills and catalogue entries. */
  catalog: Catalog;
  /** Where the documents' compressed variants are kept. */
  responseCache: ResponseCache;
}

export function registerDiscoveryRoutes(app: FastifyInstance, deps: DiscoveryDeps): void {
  const { config, content, responseCache: cache } = deps;
  // Read at each use: with many sites, the current site's catalogue.
  const capabilities = (): Catalog['capabilities'] => deps.catalog.capabilities;
  // Each document is serialised once; its compressed variants are kept in the response cache.
  const withUsage = contentUsageHeader(config);
  const send = (request: FastifyRequest, reply: FastifyReply, body: FixedBody): Promise<FastifyReply> =>
    sendFixed(
      request,
      withUsage(reply)
        .header('access-control-allow-origin', '*')
        .header('cache-control', 'public, max-age=3600')
        .header('x-content-type-options', 'nosniff'),
      body,
    );
  const json = (paths: string | string[], document: () => unknown, type = 'application/json; charset=utf-8'): void => {
    const body = perContent(content, () => new FixedBody(JSON.stringify(document(), null, 2), type, cache));
    for (const path of [paths].flat()) app.get(path, async (request, reply) => send(request, reply, body()));
  };

  // A Buffer body keeps Fastify from appending a charset parameter to the exact media type.
  const catalogBody = perContent(
    content,
    () => new FixedBody(JSON.stringify(apiCatalog(config), null, 2), linksetType, cache),
  );
  app.get('/.well-known/api-catalog', async (request, reply) =>
    send(
      request,
      reply.header('link', `<${config.baseUrl}/.well-known/api-catalog>; rel="api-catalog"`),
      catalogBody(),
    ),
  );

  // Plain JSON as ever, or the card's own type to a client that names it (SEP-2127): the same bytes.
  const cardBodies = perContent(content, () => {
    const cardText = JSON.stringify(buildServerCard(config, content.site, capabilities()), null, 2);
    return {
      json: new FixedBody(cardText, 'application/json; charset=utf-8', cache),
      card: new FixedBody(cardText, serverCardMediaType, cache),
    };
  });
  app.get('/.well-known/mcp/server-card.json', async (request, reply) => {
    addVary(reply, 'Accept');
    const bodies = cardBodies();
    return send(request, reply, namesServerCardType(request.headers.accept) ? bodies.card : bodies.json);
  });
  registerSignedAgentCard(
    app,
    deps,
    perContent(content, () => agentCard(config, content, capabilities())),
    send,
  );
  json(
    [ardPath, '/.well-known/ai-catalog.json'],
    () => ardCatalog(config, content, capabilities()),
    aiCatalogMediaType,
  );
  json('/.well-known/ai-plugin.json', () => aiPluginManifest(config, content));
  json('/.well-known/oauth-authorization-server', () => authorizationServerMetadata(config));
  json('/.well-known/oauth-protected-resource', () => protectedResourceMetadata(config, content));
  json('/.well-known/jwks.json', () => emptyJwks, 'application/jwk-set+json');

  const skills = perContent(content, () => publishSkills(config, content));
  // The v0.2.0 path, and the earlier draft's path that v0.1 clients look at: the same bytes.
  json(['/.well-known/agent-skills/index.json', '/.well-known/skills/index.json'], () => skillsIndex(config, skills()));
  const byName = perContent(
    content,
    () =>
      new Map(skills().map((skill) => [skill.name, new FixedBody(skill.text, 'text/markdown; charset=utf-8', cache)])),
  );
  app.get('/.well-known/agent-skills/:name/SKILL.md', async (request, reply) => {
    const skill = byName().get((request.params as { name: string }).name);
    if (!skill) {
      reply.callNotFound();
      return reply;
    }
    return send(request, reply, skill);
  });
}
