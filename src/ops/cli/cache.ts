// `agentsite cache purge [<path>] [--site <host>]`: drops front mode's cached origin answers, all of
// them or those of one path, of every site or (with SITES_DIR) of one, on every instance on the database. The CLI is another process, so the purge is written
// to the database and each instance applies it at its next look (every cachePurgePollMs).
import { cachePurgePollMs } from '../../config/front.ts';
import { recordCachePurge } from '../../store/cache-purges.ts';
import type { CommandContext } from './command-context.ts';
import { siteOption } from './site-files.ts';

const maxPathLength = 2048;

export function cacheCommand(usageError: new (message: string) => Error) {
  return async ({ config, store, args, options, out }: CommandContext): Promise<number> => {
    const [action, path, ...rest] = args;
    if (action !== 'purge' || rest.length > 0)
      throw new usageError('cache takes "purge", and optionally one path: cache purge [<path>] [--site <host>]');
    if (path !== undefined && !validPath(path))
      throw new usageError(
        `cache purge takes a path that starts with "/", without query, fragment or spaces (at most ${maxPathLength} characters), not "${path.slice(0, 60)}"`,
      );
    // With SITES_DIR, --site keeps the purge to that site's answers; without it every site's go.
    const site = await siteOption(config, options.site);
    await recordCachePurge(store.db, { path, site });
    const what = path === undefined ? 'every cached origin answer' : `the cached origin answers of ${path}`;
    const whose = site !== undefined ? ` of ${site}` : config.sites ? ' of every site' : '';
    out(`${what}${whose} will be dropped on every instance within about ${cachePurgePollMs / 1000} s`);
    return 0;
  };
}

function validPath(path: string): boolean {
  return path.length <= maxPathLength && /^\/[^\s?#]*$/.test(path);
}
