// The card keys as one instance serves them, each site's apart (the site of the work in hand,
// site-scope.ts): read from the database on a site's first use, then read again in the background
// once they are `refreshMs` old, so a rotation made by the CLI reaches every instance within about
// that interval and no card request waits on the database after the first.
// A failed read keeps the keys already held: the card stays signed through a database outage. With
// none held yet, `current()` rejects (and the card is served unsigned, see signed-card.ts).
import type { JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Logger } from '../../kernel/logger.ts';
import type { Tables } from '../../store/schema.ts';
import { currentSiteKey } from '../sites/site-scope.ts';
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
  /** The current site's keys held (read first on first use); keys held longer than `refreshMs` are read again in the background. */
  current(): Promise<CardKeysSnapshot>;
  /** Reads the current site's keys from the database now; a failed read answers with the keys held, if any. */
  refresh(): Promise<CardKeysSnapshot>;
}

export interface CardKeysOptions {
  db: Kysely<Tables>;
  logger: Logger;
  refreshMs?: number;
  now?: () => Date;
}

interface Held {
  text: string;
  jwksKey: string;
  snapshot: CardKeysSnapshot;
  readAt: number;
}

/** One site's keys as held here, with the read under way (one at a time per site). */
interface SiteKeys {
  held?: Held;
  reading?: Promise<CardKeysSnapshot>;
}

export function createCardKeys({
  db,
  logger,
  refreshMs = cardKeysRefreshMs,
  now = () => new Date(),
}: CardKeysOptions): CardKeys {
  // A site's entry is a few hundred bytes; a removed site's stays until the process ends.
  const sites = new Map<string, SiteKeys>();
  const ofSite = (site: string): SiteKeys => {
    let keys = sites.get(site);
    if (!keys) sites.set(site, (keys = {}));
    return keys;
  };

  const read = async (site: string, keys: SiteKeys): Promise<CardKeysSnapshot> => {
    const at = now();
    try {
      const text = await loadCardKeysText(db, site, at);
      const set = parseCardKeys(text);
      // Published as of when the read ends: a refresh that joins a read already under way must not
      // be answered with a retired key whose overlap ended meanwhile.
      const jwks = { keys: publishedKeys(set, now()) };
      const jwksKey = jwks.keys.map((key) => key.kid).join(',');
      if (keys.held?.text !== text || keys.held.jwksKey !== jwksKey)
        keys.held = { text, jwksKey, snapshot: { signing: set.keys[0], jwks }, readAt: 0 };
      keys.held.readAt = at.getTime();
      return keys.held.snapshot;
    } catch (error) {
      if (!keys.held) {
        logger.warn(
          { err: error, site },
          'agent card keys could not be read; the card goes out unsigned until they can',
        );
        throw error;
      }
      logger.warn({ err: error, site }, 'agent card keys could not be read again; the keys already read stay in use');
      keys.held.readAt = at.getTime();
      return keys.held.snapshot;
    }
  };

  const refreshSite = (site: string, keys: SiteKeys): Promise<CardKeysSnapshot> =>
    (keys.reading ??= read(site, keys).finally(() => (keys.reading = undefined)));
  return {
    refresh() {
      const site = currentSiteKey();
      return refreshSite(site, ofSite(site));
    },
    current() {
      const site = currentSiteKey();
      const keys = ofSite(site);
      if (!keys.held) return refreshSite(site, keys);
      // With keys held, read() never rejects: it falls back to them.
      if (now().getTime() - keys.held.readAt >= refreshMs) void refreshSite(site, keys);
      return Promise.resolve(keys.held.snapshot);
    },
  };
}
