// Mounts the A2A agent on the site listener: the JSON-RPC binding at POST BASE_URL/a2a, on the SDK's
// transport handler for A2A 1.0 and its compatibility handler for 0.3 clients (no A2A-Version
// header, `message/send` with `kind` parts), and the HTTP+JSON binding below BASE_URL/a2a/rest
// (rest-route.ts). Requests spend the shared per-client 300/min budget (with RateLimit headers)
// like every /agent read; enquiries also spend the contact budget inside the enquiry path.
import { AgentCard } from '@a2a-js/sdk';
import { LegacyJsonRpcTransportHandler } from '@a2a-js/sdk/compat/v0_3/server';
import { JsonRpcTransportHandler } from '@a2a-js/sdk/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { agentCard } from '../../capabilities/documents/agent-card.ts';
import { useRateLimits } from '../../http/rate-limit-hooks.ts';
import type { Services } from '../../app/services.ts';
import { requestedVersion, retryAfterOf, versionedContext } from './call-context.ts';
import { requestFacts } from './request-facts.ts';
import { taskReadingMethods, useA2aCors, withholdCors } from './cors.ts';
import { describeContactBudget, errorInfoDomain } from './errors.ts';
import { rpcError, rpcErrorHandler, sendRpc, type RpcReply } from './jsonrpc-replies.ts';
import { a2aLegacyProtocolVersion, a2aPath } from '../../capabilities/documents/a2a-addresses.ts';
import { assertServableRpc } from './rpc-request.ts';
import { a2aBodyLimitBytes } from './request-bounds.ts';
import { SkillRequestHandler } from './request-handler.ts';
import { DatabaseTaskStore } from './task-store.ts';
import { registerRestBinding } from './rest-route.ts';
import { createSkillRunner } from './run-skill.ts';
import { buildSkills } from './skills.ts';

export async function registerA2a(app: FastifyInstance, services: Services): Promise<void> {
  const card = AgentCard.fromJSON(agentCard(services.config, services.content, services.catalog.capabilities));
  const tasks = new DatabaseTaskStore(services.tasks);
  const handler = new SkillRequestHandler(
    card,
    createSkillRunner(buildSkills(services.catalog, services.pipeline, services.logger), services, services.insight),
    tasks,
    services.logger,
  );
  const transport = new JsonRpcTransportHandler(handler);
  const legacyTransport = new LegacyJsonRpcTransportHandler(handler);
  const domain = errorInfoDomain(services.config.baseUrl);

  const serve = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    let body: unknown;
    try {
      body = JSON.parse(request.body as string);
    } catch {
      return sendRpc(reply, rpcError(null, -32700, ''), { method: '', domain, logger: services.logger });
    }
    const envelope = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<
      string,
      unknown
    >;
    const id =
      typeof envelope.id === 'string' || Number.isInteger(envelope.id) ? (envelope.id as string | number) : null;
    const method = typeof envelope.method === 'string' ? envelope.method : '';
    const facts = { method, domain, logger: services.logger };
    // The SDK words a malformed envelope as invalid params (-32602); JSON-RPC 2.0 calls it -32600.
    if (envelope.jsonrpc !== '2.0' || method === '' || ('id' in envelope && envelope.id !== null && id === null)) {
      return sendRpc(reply, rpcError(id, -32600, ''), facts);
    }
    if (taskReadingMethods.has(method)) withholdCors(reply);
    const version = requestedVersion(request.headers, request.query);
    // No header means 0.3 (A2A 1.0, service parameters); the card lists which versions each binding serves.
    const legacy = (version ?? a2aLegacyProtocolVersion) === a2aLegacyProtocolVersion;
    const mapError = legacy
      ? LegacyJsonRpcTransportHandler.mapToLegacyJSONRPCError
      : JsonRpcTransportHandler.mapToJSONRPCError;
    let context: ReturnType<typeof versionedContext>;
    try {
      assertServableRpc(envelope, method, legacy);
      context = versionedContext(card, 'JSONRPC', requestFacts(request, services), version);
    } catch (error) {
      return sendRpc(reply, { jsonrpc: '2.0', id, error: mapError(error) }, facts);
    }
    const answer = await (legacy ? legacyTransport : transport).handle(body as Record<string, unknown>, context);
    const single = Symbol.asyncIterator in answer ? await firstOf(answer, id) : answer;
    const retryAfter = retryAfterOf(context);
    if (retryAfter !== undefined) await describeContactBudget(request, services);
    return sendRpc(reply, single, { ...facts, retryAfter });
  };

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
      scope.setErrorHandler(rpcErrorHandler(services.logger));
      scope.post('', serve);
      scope.route({
        method: ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'],
        url: '',
        exposeHeadRoute: false,
        handler: async (_request, reply) =>
          reply
            .code(405)
            .header('allow', 'POST, OPTIONS')
            .type('application/json; charset=utf-8')
            .send(
              rpcError(
                null,
                -32600,
                `Send JSON-RPC requests with POST. The agent card is at ${services.config.baseUrl}/.well-known/agent-card.json.`,
              ),
            ),
      });
    },
    { prefix: a2aPath },
  );
  await registerRestBinding(app, services, card, handler, a2aBodyLimitBytes);
}

/** A streaming method's first reply: the SDK refuses streaming (the card says so) with its first event. */
async function firstOf(stream: AsyncGenerator<RpcReply>, id: RpcReply['id']): Promise<RpcReply> {
  try {
    const first = await stream.next();
    await stream.return(undefined);
    return first.value ?? rpcError(id, -32603, 'stream ended without a reply');
  } catch (error) {
    return { jsonrpc: '2.0', id, error: JsonRpcTransportHandler.mapToJSONRPCError(error) };
  }
}
