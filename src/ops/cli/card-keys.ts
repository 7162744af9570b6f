// `agentsite card-keys [rotate] [--site <host>]`: the keys that sign the A2A agent card. Without an
// argument it lists them; `rotate` makes a new signing key, which every instance picks up within a
// minute, and keeps the old public key in the card's JWKS for the stated overlap. With SITES_DIR
// each site has its own keys, so `--site` names the site (one of its hosts, or its folder's name).
import { cardKeysRefreshMs } from '../../domain/card-signing/card-keys.ts';
import {
  loadCardKeysText,
  parseCardKeys,
  publishedUntil,
  retiredKeyOverlapDays,
  rotateCardKey,
} from '../../domain/card-signing/key-set.ts';
import { singleSiteKey } from '../../domain/sites/site-scope.ts';
import type { Config } from '../../config/config.ts';
import type { CommandContext } from './command-context.ts';
import { siteKeyNamed } from './site-files.ts';
import { table } from './table.ts';

type UsageErrorClass = new (message: string) => Error;

export function cardKeysCommand(usageError: UsageErrorClass) {
  return async ({ config, store, args, options, out }: CommandContext): Promise<number> => {
    const [action, ...rest] = args;
    if ((action !== undefined && action !== 'rotate') || rest.length > 0) {
      throw new usageError('card-keys takes no argument (list the keys) or "rotate", and --site <host> with SITES_DIR');
    }
    const site = await siteOf(config, options.site, usageError);
    const whose = site === singleSiteKey ? '' : ` of ${site}`;
    if (action === 'rotate') {
      const { current, retired } = await rotateCardKey(store.db, site);
      out(
        `signing${whose} with ${current.kid} from now on (every instance within about ${cardKeysRefreshMs / 1000} s)`,
      );
      out(
        `${retired.kid} stays in the JWKS until ${publishedUntil(retired)?.toISOString()} (${retiredKeyOverlapDays} days)`,
      );
      return 0;
    }
    const now = Date.now();
    const rows = parseCardKeys(await loadCardKeysText(store.db, site)).keys.map((key, i) => ({
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

/** The key of the site whose keys are meant: the single site's, or with SITES_DIR the one `--site` names. */
async function siteOf(config: Config, named: string | undefined, usageError: UsageErrorClass): Promise<string> {
  if (!config.sites) {
    if (named !== undefined) throw new usageError('--site names a site of SITES_DIR, which is not set');
    return singleSiteKey;
  }
  if (named === undefined)
    throw new usageError('with SITES_DIR each site has its own card keys: name one with --site <host>');
  return siteKeyNamed(config.sites.dir, named);
}
