// Mounts the A2A agent on the site listener: the JSON-RPC binding at POST BASE_URL/a2a, on the SDK's
// transport handler for A2A 1.0 and its compatibility handler for 0.3 clients (no A2A-Version
// header, `message/send` with `kind` parts; jsonrpc-serve.ts), and the HTTP+JSON binding below
// BASE_URL/a2a/rest (rest-route.ts). Requests spend the shared per-client 300/min budget (with
// RateLimit headers) like every /agent read; enquiries also spend the contact budget inside the
// enquiry path.
import { AgentCard } from '@a2a-js/sdk';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { agentCard } from '../../capabilities/documents/agent-card.ts';
import { useRateLimits } from '../../http/rate-limit-hooks.ts';
import type { Services } from '../../app/services.ts';
import { useA2aCors } from './cors.ts';
import { errorInfoDomain } from './errors.ts';
import { rpcError, rpcErrorHandler } from './jsonrpc-replies.ts';
import { jsonRpcRoute } from './jsonrpc-serve.ts';
import { a2aPath } from '../../capabilities/documents/a2a-addresses.ts';
import { a2aBodyLimitBytes } from './request-bounds.ts';
import { SkillRequestHandler } from './request-handler.ts';
import { DatabaseTaskStore } from './task-store.ts';
import { registerRestBinding } from './rest-route.ts';
import { createSkillRunner } from './run-skill.ts';
import { buildSkills } from './skills.ts';
import { perContent } from '../../domain/content/live-content.ts';
import { siteView } from '../../domain/sites/site-view.ts';

/** The agent of the site asked: its card (its name, its skills) and the handler that serves them. */
function buildAgent(services: Services): { card: AgentCard; handler: SkillRequestHandler } {
  const card = AgentCard.fromJSON(agentCard(services.config, services.content, services.catalog.capabilities));
  const tasks = new DatabaseTaskStore(services.tasks, services.content.ui);
  const handler = new SkillRequestHandler(
    card,
    createSkillRunner(buildSkills(services.catalog, services.pipeline, services.logger), services, services.insight),
    tasks,
    services.logger,
  );
  return { card, handler };
}

export async function registerA2a(app: FastifyInstance, services: Services): Promise<void> {
  // One agent; with many sites, one per site, made when the site is first asked and held as a view.
  const agentNow = perContent(services.content, () => buildAgent(services));
  const { card, handler } = services.sites
    ? { card: siteView(() => agentNow().card), handler: siteView(() => agentNow().handler) }
    : agentNow();
  const errorHandler = perContent(services.content, () =>
    rpcErrorHandler(services.logger, errorInfoDomain(services.config.baseUrl), services.content.ui),
  );
  await app.register(
    async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        ['application/json', 'application/a2a+json'],
        { parseAs: 'string', bodyLimit: a2aBodyLimitBytes },
        (_request, body, done) => done(null, body),
      );
      useA2aCors(scope, [''], ['POST']);
      useRateLimits(scope, services);
      scope.setErrorHandler((error, request, reply) => errorHandler()(error, request, reply));
      scope.post('', jsonRpcRoute(services, card, handler));
      scope.route({
        method: ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'],
        url: '',
        exposeHeadRoute: false,
        handler: async (_request, reply) => refuseOtherMethods(reply, services.config.baseUrl),
      });
    },
    { prefix: a2aPath },
  );
  await registerRestBinding(app, services, card, handler, a2aBodyLimitBytes);
}

/** Any other method on the JSON-RPC address: a 405 whose JSON-RPC error says where the card is. */
function refuseOtherMethods(reply: FastifyReply, baseUrl: string): FastifyReply {
  return reply
    .code(405)
    .header('allow', 'POST, OPTIONS')
    .type('application/json; charset=utf-8')
    .send(
      rpcError(
        null,
        -32600,
        `Send JSON-RPC requests with POST. The agent card is at ${baseUrl}/.well-known/agent-card.json.`,
      ),
    );
}
