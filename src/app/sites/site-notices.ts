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

export function siteNotices(now: () => number = Date.now): SiteNotices {
  const followed = new Map<string, { notices: FolderNotices; noticed: number }>();
  const stop = (key: string): void => {
    followed.get(key)?.notices.close();
    followed.delete(key);
  };
  return {
    follow(key, dir) {
      stop(key);
      const entry = { notices: undefined as unknown as FolderNotices, noticed: Number.NEGATIVE_INFINITY };
      entry.notices = folderNotices(dir, () => {
        entry.noticed = now();
      });
      followed.set(key, entry);
    },
    stop,
    following: (key) => followed.get(key)?.notices.following ?? false,
    noticedSince(since) {
      const noticed: string[] = [];
      for (const [key, entry] of followed) if (entry.noticed >= since) noticed.push(key);
      return noticed;
    },
    close() {
      for (const key of [...followed.keys()]) stop(key);
    },
  };
}
