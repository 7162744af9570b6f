// Serves the A2A agent card signed (A2A §8.4) and the JWKS its signature names in `jku`. The card is
// signed here, where it is served, whatever the card builder produced; it is signed again only when
// the key changes (a rotation, seen within a minute), and each signed body is kept and compressed once.
// If the keys were never read (the database was down since start-up), the card still goes out,
// unsigned and not to be cached, as signatures are optional; the JWKS answers 503 until then.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config.ts';
import type { CardKeys, CardKeysSnapshot } from '../../domain/card-signing/card-keys.ts';
import { signCard } from '../../domain/card-signing/sign-card.ts';
import { AppError } from '../../kernel/errors.ts';
import { sendError } from '../../http/error-reply.ts';
import { FixedBody, sendFixed } from '../../http/fixed-body.ts';
import type { ResponseCache } from '../../cache/response-cache.ts';

export const agentCardPath = '/.well-known/agent-card.json';
/** The card keys' own JWKS; /.well-known/jwks.json stays the (empty) key set of the OAuth metadata. */
export const cardJwksPath = '/.well-known/agent-card-jwks.json';

type Send = (request: FastifyRequest, reply: FastifyReply, body: FixedBody) => Promise<FastifyReply>;

export function registerSignedAgentCard(
  app: FastifyInstance,
  deps: { config: Config; cardKeys: CardKeys; responseCache: ResponseCache },
  card: Record<string, unknown>,
  send: Send,
): void {
  const jku = `${deps.config.baseUrl}${cardJwksPath}`;
  let served: { snapshot: CardKeysSnapshot; card: FixedBody; jwks: FixedBody } | undefined;

  const unsigned = new FixedBody(JSON.stringify(card, null, 2), 'application/json; charset=utf-8', deps.responseCache);
  const bodies = async (): Promise<typeof served> => {
    const snapshot = await deps.cardKeys.current().catch(() => undefined);
    if (!snapshot) return undefined;
    if (served?.snapshot !== snapshot) {
      const signed = await signCard(card, snapshot.signing, jku);
      served = {
        snapshot,
        card: new FixedBody(JSON.stringify(signed, null, 2), 'application/json; charset=utf-8', deps.responseCache),
        jwks: new FixedBody(JSON.stringify(snapshot.jwks, null, 2), 'application/jwk-set+json', deps.responseCache),
      };
    }
    return served;
  };

  app.get(agentCardPath, async (request, reply) => {
    const signed = await bodies();
    if (signed) return send(request, reply, signed.card);
    reply
      .header('access-control-allow-origin', '*')
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff');
    return sendFixed(request, reply, unsigned);
  });
  app.get(cardJwksPath, async (request, reply) => {
    const signed = await bodies();
    if (signed) return send(request, reply, signed.jwks);
    return sendError(
      reply.header('retry-after', '5'),
      new AppError('service_unavailable', 'The agent card keys cannot be read right now; retry shortly.'),
    );
  });
}
