// The card keys as one instance serves them: read from the database on first use, then read again
// in the background once they are `refreshMs` old, so a rotation made by the CLI reaches every
// instance within about that interval and no card request waits on the database after the first.
// A failed read keeps the keys already held: the card stays signed through a database outage. With
// none held yet, `current()` rejects (and the card is served unsigned, see signed-card.ts).
import type { JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Logger } from '../../kernel/logger.ts';
import type { Tables } from '../../store/schema.ts';
import { loadCardKeysText, parseCardKeys, publishedKeys, type CardKey } from './key-set.ts';

/** How often an instance looks for a rotated key. */
export const cardKeysRefreshMs = 60_000;

/** One state of the keys; the same object until the stored set or the published keys change. */
export interface CardKeysSnapshot {
  signing: CardKey;
  /** The JWKS at the card's `jku`. */
  jwks: { keys: JWK[] };
}

export interface CardKeys {
  /** The keys held (read first on first use); keys held longer than `refreshMs` are read again in the background. */
  current(): Promise<CardKeysSnapshot>;
  /** Reads the keys from the database now; a failed read answers with the keys held, if any. */
  refresh(): Promise<CardKeysSnapshot>;
}

export interface CardKeysOptions {
  db: Kysely<Tables>;
  logger: Logger;
  refreshMs?: number;
  now?: () => Date;
}

export function createCardKeys({
  db,
  logger,
  refreshMs = cardKeysRefreshMs,
  now = () => new Date(),
}: CardKeysOptions): CardKeys {
  let held: { text: string; jwksKey: string; snapshot: CardKeysSnapshot; readAt: number } | undefined;
  let reading: Promise<CardKeysSnapshot> | undefined;

  const read = async (): Promise<CardKeysSnapshot> => {
    const at = now();
    try {
      const text = await loadCardKeysText(db, at);
      const set = parseCardKeys(text);
      // Published as of when the read ends: a refresh that joins a read already under way must not
      // be answered with a retired key whose overlap ended meanwhile.
      const jwks = { keys: publishedKeys(set, now()) };
      const jwksKey = jwks.keys.map((key) => key.kid).join(',');
      if (held?.text !== text || held.jwksKey !== jwksKey)
        held = { text, jwksKey, snapshot: { signing: set.keys[0], jwks }, readAt: 0 };
      held.readAt = at.getTime();
      return held.snapshot;
    } catch (error) {
      if (!held) {
        logger.warn({ err: error }, 'agent card keys could not be read; the card goes out unsigned until they can');
        throw error;
      }
      logger.warn({ err: error }, 'agent card keys could not be read again; the keys already read stay in use');
      held.readAt = at.getTime();
      return held.snapshot;
    }
  };

  const refresh = (): Promise<CardKeysSnapshot> => (reading ??= read().finally(() => (reading = undefined)));
  return {
    refresh,
    current() {
      if (!held) return refresh();
      // With keys held, read() never rejects: it falls back to them.
      if (now().getTime() - held.readAt >= refreshMs) void refresh();
      return Promise.resolve(held.snapshot);
    },
  };
}
