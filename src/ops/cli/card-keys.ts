// `agentsite card-keys [rotate] [--site <host>]`: the keys that sign the A2A agent card. Without an
// argument it lists them; `rotate` makes a new signing key, which every instance picks up within a
// minute, and keeps the old public key in the card's JWKS for the stated overlap. With SITES_DIR
// each site has its own keys: `--site` names the site (one of its hosts, or its folder's name), and
// a list without it shows every site's keys, making none.
import { cardKeysRefreshMs } from '../../domain/card-signing/card-keys.ts';
import {
  loadCardKeysText,
  parseCardKeys,
  publishedUntil,
  retiredKeyOverlapDays,
  rotateCardKey,
  storedCardKeys,
  type CardKeySet,
} from '../../domain/card-signing/key-set.ts';
import { singleSiteKey } from '../../domain/sites/site-scope.ts';
import type { Config } from '../../config/config.ts';
import type { Store } from '../../store/store.ts';
import type { CommandContext } from './command-context.ts';
import { siteFolders, siteKeyNamed } from './site-files.ts';
import { table } from './table.ts';

type UsageErrorClass = new (message: string) => Error;
type KeyRow = Record<'site' | 'kid' | 'state' | 'created_at' | 'published_until', string>;
type Out = (line: string) => void;

export function cardKeysCommand(usageError: UsageErrorClass) {
  return async ({ config, store, args, options, out }: CommandContext): Promise<number> => {
    const [action, ...rest] = args;
    if ((action !== undefined && action !== 'rotate') || rest.length > 0) {
      throw new usageError('card-keys takes no argument (list the keys) or "rotate", and --site <host> with SITES_DIR');
    }
    if (action === undefined && config.sites && options.site === undefined)
      return listEverySite(config.sites.dir, store, options.json === true, out);
    const site = await siteOf(config, options.site, usageError);
    if (action === 'rotate') {
      const { current, retired } = await rotateCardKey(store.db, site);
      const whose = site === singleSiteKey ? '' : ` of ${site}`;
      out(
        `signing${whose} with ${current.kid} from now on (every instance within about ${cardKeysRefreshMs / 1000} s)`,
      );
      out(
        `${retired.kid} stays in the JWKS until ${publishedUntil(retired)?.toISOString()} (${retiredKeyOverlapDays} days)`,
      );
      return 0;
    }
    const rows = keyRows(site, parseCardKeys(await loadCardKeysText(store.db, site)));
    const columns = ['kid', 'state', 'created_at', 'published_until'] as const;
    if (options.json) for (const { site: _site, ...row } of rows) out(JSON.stringify(row));
    else out(table(columns, rows));
    return 0;
  };
}

/** Every site's keys as stored, by site; a site whose card was never asked for has none yet. */
async function listEverySite(sitesDir: string, store: Store, json: boolean, out: Out): Promise<number> {
  const rows: KeyRow[] = [];
  for (const folder of await siteFolders(sitesDir)) {
    const set = await storedCardKeys(store.db, folder.key);
    if (set) rows.push(...keyRows(folder.key, set));
    else rows.push({ site: folder.key, kid: '', state: 'none yet', created_at: '', published_until: '' });
  }
  if (json) for (const row of rows) out(JSON.stringify(row));
  else out(table(['site', 'kid', 'state', 'created_at', 'published_until'], rows));
  return 0;
}

function keyRows(site: string, set: CardKeySet): KeyRow[] {
  const now = Date.now();
  return set.keys.map((key, i) => ({
    site,
    kid: key.kid,
    state: i === 0 ? 'signing' : (publishedUntil(key)?.getTime() ?? 0) > now ? 'retired, published' : 'retired',
    created_at: key.createdAt,
    published_until: publishedUntil(key)?.toISOString() ?? '',
  }));
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
