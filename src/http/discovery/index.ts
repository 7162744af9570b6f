// Registers every /.well-known discovery document (the formats the README lists), built once from config and
// content so that BASE_URL, MCP_URL and the brand change all of them together.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import { buildServerCard } from '../../mcp/server-card.ts';
import { agentCard } from './agent-card.ts';
import { ardCatalog } from './ard.ts';
import { aiPluginManifest, apiCatalog, linksetType } from './catalogs.ts';
import { authorizationServerMetadata, emptyJwks, protectedResourceMetadata } from './oauth.ts';
import { publishSkills, skillsIndex } from './skills.ts';

export interface DiscoveryDeps {
  config: Config;
  content: ContentCatalog;
}

export function registerDiscoveryRoutes(app: FastifyInstance, deps: DiscoveryDeps): void {
  const { config, content } = deps;
  const send = (reply: FastifyReply, type: string, body: string | Buffer): FastifyReply => reply
    .header('content-type', type)
    .header('access-control-allow-origin', '*')
    .header('cache-control', 'public, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .send(body);
  const json = (path: string, document: unknown, type = 'application/json; charset=utf-8'): void => {
    const body = Buffer.from(JSON.stringify(document, null, 2));
    app.get(path, async (_request, reply) => send(reply, type, body));
  };

  // A Buffer body keeps Fastify from appending a charset parameter to the exact media type.
  const catalogBody = Buffer.from(JSON.stringify(apiCatalog(config), null, 2));
  app.get('/.well-known/api-catalog', async (_request, reply) =>
    send(reply.header('link', `<${config.baseUrl}/.well-known/api-catalog>; rel="api-catalog"`), linksetType, catalogBody));

  json('/.well-known/mcp/server-card.json', buildServerCard(config, content.site));
  json('/.well-known/agent-card.json', agentCard(config, content));
  const ard = ardCatalog(config, content);
  json('/.well-known/ard.json', ard);
  json('/.well-known/ai-catalog.json', ard);
  json('/.well-known/ai-plugin.json', aiPluginManifest(config, content));
  json('/.well-known/oauth-authorization-server', authorizationServerMetadata(config));
  json('/.well-known/oauth-protected-resource', protectedResourceMetadata(config, content));
  json('/.well-known/jwks.json', emptyJwks, 'application/jwk-set+json');

  const skills = publishSkills(config, content);
  json('/.well-known/agent-skills/index.json', skillsIndex(config, skills));
  const byName = new Map(skills.map((skill) => [skill.name, skill]));
  app.get('/.well-known/agent-skills/:name/SKILL.md', async (request, reply) => {
    const skill = byName.get((request.params as { name: string }).name);
    if (!skill) {
      reply.callNotFound();
      return reply;
    }
    return send(reply, 'text/markdown; charset=utf-8', skill.text);
  });
}
