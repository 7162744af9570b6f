// Serves the A2A agent card signed (A2A §8.4) and the JWKS its signature names in `jku`. The card is
// signed here, where it is served, whatever the card builder produced; it is signed again only when
// the key changes (a rotation, seen within a minute) or the response cache let it go, and each body
// is kept there (`body` entries) and compressed once.
// If the keys were never read (the database was down since start-up), the card still goes out,
// unsigned and not to be cached, as signatures are optional; the JWKS answers 503 until then.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config.ts';
import type { CardKeys, CardKeysSnapshot } from '../../domain/card-signing/card-keys.ts';
import { signCard } from '../../domain/card-signing/sign-card.ts';
import { AppError } from '../../kernel/errors.ts';
import { sendError } from '../../http/error-reply.ts';
import { FixedBody, fixedBodies, sendFixed } from '../../http/fixed-body.ts';
import type { ResponseCache } from '../../cache/response-cache.ts';

export const agentCardPath = '/.well-known/agent-card.json';
/** The card keys' own JWKS; /.well-known/jwks.json stays the (empty) key set of the OAuth metadata. */
export const cardJwksPath = '/.well-known/agent-card-jwks.json';

type Send = (request: FastifyRequest, reply: FastifyReply, body: FixedBody) => Promise<FastifyReply>;

export function registerSignedAgentCard(
  app: FastifyInstance,
  deps: { config: Config; cardKeys: CardKeys; responseCache: ResponseCache },
  /** The card as the content loaded now describes it (signed again after the folder changed). */
  card: () => Record<string, unknown>,
  send: Send,
): void {
  // Read when signing: with many sites, the site whose card it is.
  const jku = (): string => `${deps.config.baseUrl}${cardJwksPath}`;
  const bodies = fixedBodies(deps.responseCache, 'body');
  const json = (document: unknown, type = 'application/json; charset=utf-8'): FixedBody =>
    new FixedBody(JSON.stringify(document, null, 2), type, deps.responseCache);
  const keys = (): Promise<CardKeysSnapshot | undefined> => deps.cardKeys.current().catch(() => undefined);
  // Ed25519 signatures are deterministic: a card signed again after an eviction is the same bytes
  // (and ETag). The JWKS changes with the published keys, a retired one's public half included.
  const signedCard = (snapshot: CardKeysSnapshot): FixedBody | Promise<FixedBody> =>
    bodies.rememberAsync(`agent-card ${snapshot.signing.kid}`, async () =>
      json(await signCard(card(), snapshot.signing, jku())),
    );
  const jwks = (snapshot: CardKeysSnapshot): FixedBody =>
    bodies.remember(`agent-card-jwks ${snapshot.jwks.keys.map((key) => key.kid).join(',')}`, () =>
      json(snapshot.jwks, 'application/jwk-set+json'),
    );

  app.get(agentCardPath, async (request, reply) => {
    const snapshot = await keys();
    if (snapshot) return send(request, reply, await signedCard(snapshot));
    reply
      .header('access-control-allow-origin', '*')
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff');
    return sendFixed(
      request,
      reply,
      bodies.remember('agent-card unsigned', () => json(card())),
    );
  });
  app.get(cardJwksPath, async (request, reply) => {
    const snapshot = await keys();
    if (snapshot) return send(request, reply, jwks(snapshot));
    return sendError(
      reply.header('retry-after', '5'),
      new AppError('service_unavailable', 'The agent card keys cannot be read right now; retry shortly.'),
    );
  });
}
