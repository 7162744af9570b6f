// The card keys as one instance serves them: read from the database on first use and again at most
// every `refreshMs`, so a rotation made by the CLI (or another instance) reaches every instance
// within that interval. A failed read keeps the keys already held: the card stays signed.
import type { JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Logger } from '../../logger.ts';
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
  current(): Promise<CardKeysSnapshot>;
}

export interface CardKeysOptions {
  db: Kysely<Tables>;
  logger: Logger;
  refreshMs?: number;
  now?: () => Date;
}

export function createCardKeys({ db, logger, refreshMs = cardKeysRefreshMs, now = () => new Date() }: CardKeysOptions): CardKeys {
  let held: { text: string; jwksKey: string; snapshot: CardKeysSnapshot; readAt: number } | undefined;
  let reading: Promise<CardKeysSnapshot> | undefined;

  const read = async (): Promise<CardKeysSnapshot> => {
    const at = now();
    try {
      const text = await loadCardKeysText(db, at);
      const set = parseCardKeys(text);
      const jwks = { keys: publishedKeys(set, at) };
      const jwksKey = jwks.keys.map((key) => key.kid).join(',');
      if (held?.text !== text || held.jwksKey !== jwksKey) held = { text, jwksKey, snapshot: { signing: set.keys[0], jwks }, readAt: 0 };
      held.readAt = at.getTime();
      return held.snapshot;
    } catch (error) {
      if (!held) throw error;
      logger.warn({ err: error }, 'agent card keys could not be read again; the keys already read stay in use');
      held.readAt = at.getTime();
      return held.snapshot;
    }
  };

  return {
    current() {
      if (held && now().getTime() - held.readAt < refreshMs) return Promise.resolve(held.snapshot);
      return (reading ??= read().finally(() => (reading = undefined)));
    },
  };
}
