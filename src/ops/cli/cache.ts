// `agentsite cache purge [<path>]`: drops front mode's cached origin answers, all of them or those of
// one path, on every instance on the database. The CLI is another process, so the purge is written
// to the database and each instance applies it at its next look (every cachePurgePollMs).
import { cachePurgePollMs } from '../../config/front.ts';
import { recordCachePurge } from '../../store/cache-purges.ts';
import type { CommandContext } from './command-context.ts';

const maxPathLength = 2048;

export function cacheCommand(usageError: new (message: string) => Error) {
  return async ({ store, args, out }: CommandContext): Promise<number> => {
    const [action, path, ...rest] = args;
    if (action !== 'purge' || rest.length > 0)
      throw new usageError('cache takes "purge", and optionally one path: cache purge [<path>]');
    if (path !== undefined && !validPath(path))
      throw new usageError(
        `cache purge takes a path that starts with "/", without query, fragment or spaces (at most ${maxPathLength} characters), not "${path.slice(0, 60)}"`,
      );
    await recordCachePurge(store.db, path);
    const what = path === undefined ? 'every cached origin answer' : `the cached origin answers of ${path}`;
    out(`${what} will be dropped on every instance within about ${cachePurgePollMs / 1000} s`);
    return 0;
  };
}

function validPath(path: string): boolean {
  return path.length <= maxPathLength && /^\/[^\s?#]*$/.test(path);
}
