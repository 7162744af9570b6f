// Serves the A2A agent card signed (A2A §8.4) and the JWKS its signature names in `jku`. The card is
// signed here, where it is served, whatever the card builder produced; it is signed again only when
// the key changes (a rotation, seen within a minute), and each signed body is kept and compressed once.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { CardKeys, CardKeysSnapshot } from '../../domain/card-signing/card-keys.ts';
import { signCard } from '../../domain/card-signing/sign-card.ts';
import { FixedBody } from '../fixed-body.ts';

export const agentCardPath = '/.well-known/agent-card.json';
/** The card keys' own JWKS; /.well-known/jwks.json stays the (empty) key set of the OAuth metadata. */
export const cardJwksPath = '/.well-known/agent-card-jwks.json';

type Send = (request: FastifyRequest, reply: FastifyReply, body: FixedBody) => Promise<FastifyReply>;

export function registerSignedAgentCard(
  app: FastifyInstance, deps: { config: Config; cardKeys: CardKeys }, card: Record<string, unknown>, send: Send,
): void {
  const jku = `${deps.config.baseUrl}${cardJwksPath}`;
  let served: { snapshot: CardKeysSnapshot; card: FixedBody; jwks: FixedBody } | undefined;

  const bodies = async (): Promise<NonNullable<typeof served>> => {
    const snapshot = await deps.cardKeys.current();
    if (served?.snapshot !== snapshot) {
      const signed = await signCard(card, snapshot.signing, jku);
      served = {
        snapshot,
        card: new FixedBody(JSON.stringify(signed, null, 2), 'application/json; charset=utf-8'),
        jwks: new FixedBody(JSON.stringify(snapshot.jwks, null, 2), 'application/jwk-set+json'),
      };
    }
    return served;
  };

  app.get(agentCardPath, async (request, reply) => send(request, reply, (await bodies()).card));
  app.get(cardJwksPath, async (request, reply) => send(request, reply, (await bodies()).jwks));
}
