// The change notices of every loaded site's folder (folder-notices.ts), by the site's key: which
// sites' folders the registry's tick looks at. A site followed by notices is looked at when a notice
// came (on that tick and the next, so a change settles over two looks as it does when polled); a site
// notices do not follow is looked at on every tick while it is asked for, as before; and every loaded
// site is still looked at in turn by a sweep (site-looks.ts), should a notice be missed.
import { folderNotices, type FolderNotices } from './folder-notices.ts';

export interface SiteNotices {
  /** Follows the folder of the site `key` (loaded again: its former folder's notices stop). */
  follow(key: string, dir: string): void;
  /** Stops following the site's folder (its content went). */
  stop(key: string): void;
  /** Whether notices follow the site's folder now. */
  following(key: string): boolean;
  /** The sites noticed changing at `since` (ms) or later. */
  noticedSince(since: number): string[];
  close(): void;
}

/** `failed` hears of a site whose folder notices cannot follow, and why: it is then looked at as before. */
export function siteNotices(
  failed: (key: string, reason: string) => void = () => {},
  now: () => number = Date.now,
): SiteNotices {
  const followed = new Map<string, FolderNotices>();
  /** When each followed site was last noticed changing (ms). */
  const noticed = new Map<string, number>();
  const stop = (key: string): void => {
    followed.get(key)?.close();
    followed.delete(key);
    noticed.delete(key);
  };
  return {
    follow(key, dir) {
      stop(key);
      followed.set(
        key,
        folderNotices(
          dir,
          () => noticed.set(key, now()),
          (reason) => failed(key, reason),
        ),
      );
    },
    stop,
    following: (key) => followed.get(key)?.following ?? false,
    noticedSince: (since) => [...noticed].filter(([, at]) => at >= since).map(([key]) => key),
    close() {
      for (const key of [...followed.keys()]) stop(key);
    },
  };
}
