// The JSON-RPC binding's one route: reads the envelope, picks the SDK's 1.0 transport handler or its
// 0.3 compatibility handler by the requested version, and answers with one JSON-RPC reply.
import { memoBy } from '../../domain/sites/site-memo.ts';
import type { AgentCard } from '@a2a-js/sdk';
import { LegacyJsonRpcTransportHandler } from '@a2a-js/sdk/compat/v0_3/server';
import { JsonRpcTransportHandler, type A2ARequestHandler } from '@a2a-js/sdk/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../app/services.ts';
import { requestedVersion, retryAfterOf, versionedContext } from './call-context.ts';
import { requestFacts } from './request-facts.ts';
import { taskReadingMethods, withholdCors } from './cors.ts';
import { describeContactBudget, errorInfoDomain } from './errors.ts';
import { rpcError, sendRpc, type RpcReply } from './jsonrpc-replies.ts';
import { a2aLegacyProtocolVersion, a2aTenant } from '../../capabilities/documents/a2a-addresses.ts';
import { servedTenant } from './tenant.ts';
import { assertServableRpc } from './rpc-request.ts';

type Route = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/** The parts of a parsed body the binding reads before the SDK does; a non-object body has none. */
function readEnvelope(body: unknown): { envelope: Record<string, unknown>; id: RpcReply['id']; method: string } {
  const envelope = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<
    string,
    unknown
  >;
  const id = typeof envelope.id === 'string' || Number.isInteger(envelope.id) ? (envelope.id as string | number) : null;
  const method = typeof envelope.method === 'string' ? envelope.method : '';
  return { envelope, id, method };
}

export function jsonRpcRoute(services: Services, card: AgentCard, handler: A2ARequestHandler): Route {
  const transport = new JsonRpcTransportHandler(handler);
  const legacyTransport = new LegacyJsonRpcTransportHandler(handler);
  // The site's own domain (with many sites, the site asked).
  const domainOf = memoBy(() => services.config.baseUrl, errorInfoDomain);
  const ownTenant = memoBy(
    () => services.config.baseUrl,
    (baseUrl) => a2aTenant({ baseUrl, sites: services.config.sites }),
  );
  const { logger, content } = services;

  return async (request, reply) => {
    const domain = domainOf();
    let body: unknown;
    try {
      body = JSON.parse(request.body as string);
    } catch {
      return sendRpc(reply, rpcError(null, -32700, ''), { method: '', domain, logger, ui: content.ui });
    }
    const { envelope, id, method } = readEnvelope(body);
    const facts = { method, domain, logger, ui: content.ui };
    // The SDK words a malformed envelope as invalid params (-32602); JSON-RPC 2.0 calls it -32600.
    if (envelope.jsonrpc !== '2.0' || method === '' || ('id' in envelope && envelope.id !== null && id === null)) {
      return sendRpc(reply, rpcError(id, -32600, ''), facts);
    }
    if (taskReadingMethods.has(method)) withholdCors(reply);
    let version: string | undefined;
    try {
      version = requestedVersion(request.headers, request.query);
    } catch (error) {
      return sendRpc(reply, { jsonrpc: '2.0', id, error: JsonRpcTransportHandler.mapToJSONRPCError(error) }, facts);
    }
    // No header means 0.3 (A2A 1.0, service parameters); the card lists which versions each binding serves.
    const legacy = (version ?? a2aLegacyProtocolVersion) === a2aLegacyProtocolVersion;
    const mapError = legacy
      ? LegacyJsonRpcTransportHandler.mapToLegacyJSONRPCError
      : JsonRpcTransportHandler.mapToJSONRPCError;
    let context: ReturnType<typeof versionedContext>;
    try {
      assertServableRpc(envelope, method, legacy);
      // A 0.3 request has no tenant; a 1.0 one may name this site's (the SDK hands it on).
      if (!legacy) servedTenant([(envelope.params as { tenant?: unknown } | undefined)?.tenant], ownTenant());
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
