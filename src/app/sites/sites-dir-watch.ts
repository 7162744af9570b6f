// SITES_DIR watched for folders renamed in or out (`agentsite sites add` and `remove` rename a
// finished folder into place), so a new site is seen at once rather than at the next poll. The watch
// is of SITES_DIR itself, not of the sites' files: a change inside a site's folder (its site.yaml
// included) is still the poll's to find, and so is everything where the platform cannot watch.
import { watch } from 'node:fs';
import type { Logger } from '../../kernel/logger.ts';

/**
 * `look` as one runner: called while a look runs, it runs once more when that one ends (a folder
 * renamed in after the look read SITES_DIR is not missed), never two at a time.
 */
export function lookAgainAfter(look: () => Promise<void>): () => void {
  let running = false;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void look().finally(() => {
      running = false;
      if (!again) return;
      again = false;
      run();
    });
  };
  return run;
}

/** Calls `changed` whenever an entry of `dir` is added, removed or renamed; returns the stop. */
export function watchSitesDir(dir: string, changed: () => void, logger: Logger): () => void {
  try {
    const watcher = watch(dir, { persistent: false }, () => changed());
    // Watching stops (the folder went, or the platform gave up): the poll still finds every change.
    watcher.on('error', (error) => {
      logger.warn({ reason: error.message }, 'SITES_DIR no longer watched; new sites are found by the poll');
      watcher.close();
    });
    return () => watcher.close();
  } catch (error) {
    logger.warn({ reason: (error as Error).message }, 'SITES_DIR not watched; new sites are found by the poll');
    return () => {};
  }
}
