// `agentsite card-keys [rotate]`: the keys that sign the A2A agent card. Without an argument it lists
// them; `rotate` makes a new signing key, which every instance picks up within a minute, and keeps
// the old public key in the card's JWKS for the stated overlap.
import { cardKeysRefreshMs } from '../../domain/card-signing/card-keys.ts';
import {
  loadCardKeysText,
  parseCardKeys,
  publishedUntil,
  retiredKeyOverlapDays,
  rotateCardKey,
} from '../../domain/card-signing/key-set.ts';
import type { CommandContext } from './command-context.ts';
import { table } from './table.ts';

export function cardKeysCommand(usageError: new (message: string) => Error) {
  return async ({ store, args, options, out }: CommandContext): Promise<number> => {
    const [action, ...rest] = args;
    if ((action !== undefined && action !== 'rotate') || rest.length > 0) {
      throw new usageError('card-keys takes no argument (list the keys) or "rotate"');
    }
    if (action === 'rotate') {
      const { current, retired } = await rotateCardKey(store.db);
      out(`signing with ${current.kid} from now on (every instance within about ${cardKeysRefreshMs / 1000} s)`);
      out(
        `${retired.kid} stays in the JWKS until ${publishedUntil(retired)?.toISOString()} (${retiredKeyOverlapDays} days)`,
      );
      return 0;
    }
    const now = Date.now();
    const rows = parseCardKeys(await loadCardKeysText(store.db)).keys.map((key, i) => ({
      kid: key.kid,
      state: i === 0 ? 'signing' : (publishedUntil(key)?.getTime() ?? 0) > now ? 'retired, published' : 'retired',
      created_at: key.createdAt,
      published_until: publishedUntil(key)?.toISOString() ?? '',
    }));
    if (options.json) for (const row of rows) out(JSON.stringify(row));
    else out(table(['kid', 'state', 'created_at', 'published_until'], rows));
    return 0;
  };
}
