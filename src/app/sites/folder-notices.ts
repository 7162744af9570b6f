// A site's folder followed by the kernel's change notices (inotify), so the registry looks at it when
// something in it changed instead of on every tick while it is asked for: a look stats every file of
// the folder, and a thousand sites asked for every second made those looks cost more CPU than their
// pages (docs/benchmarks.md, many sites in one process). Each directory of the folder is watched on
// its own (a directory's watch reports its files' writes, renames and removals), all of them anew
// after a file or directory is added, removed or renamed. Notices are trusted only where the kernel
// gives them for every writer: on Linux, on a local filesystem. A network or shared filesystem (NFS,
// SMB, FUSE, 9p, virtiofs) says nothing of another machine's writes, so a folder there, or one whose
// watches could not be set (the inotify watch limit), is looked at as before; `following` says which.
import { type FSWatcher, readdirSync, statfsSync, watch } from 'node:fs';
import path from 'node:path';

/** statfs(2) magic numbers of the filesystems whose changes may come from another machine. */
const sharedFilesystems = new Set([
  0x6969, // NFS
  0x517b, // SMB
  0xfe534d42, // SMB2
  0xff534d42, // CIFS
  0x65735546, // FUSE (sshfs, s3fs, gcsfuse, Docker Desktop's file sharing)
  0x01021997, // 9p (WSL, virtual machines' shared folders)
  0x6a656a63, // virtiofs
  0x00c36400, // Ceph
  0x5346414f, // AFS
  0x0bd00bd0, // Lustre
]);

export interface FolderNotices {
  /** Whether notices follow the folder now; false once a watch fails (the folder is then looked at as before). */
  readonly following: boolean;
  close(): void;
}

/**
 * Follows `dir`: `changed` is called on each notice of a change in it, and once if following stops;
 * `failed` hears why a watch failed (not when the folder itself is gone: its site goes too).
 */
export function folderNotices(
  dir: string,
  changed: () => void,
  failed: (reason: string) => void = () => {},
): FolderNotices {
  let watchers: FSWatcher[] = [];
  let following = process.platform === 'linux' && onLocalFilesystem(dir);
  let followingAnew = false;
  const stop = (): void => {
    for (const watcher of watchers) watcher.close();
    watchers = [];
  };
  const fail = (error: unknown): void => {
    if (!following) return;
    following = false;
    stop();
    changed();
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') failed(watchFailure(error));
  };
  const onNotice = (event: string): void => {
    changed();
    // A file or directory added, removed or renamed: the directories are watched anew once this turn
    // is over, so one added is followed, and a folder renamed into the place of the one followed (as
    // an import publishes one) is followed rather than the one moved away.
    if (event !== 'rename' || followingAnew) return;
    followingAnew = true;
    setImmediate(() => {
      followingAnew = false;
      if (!following) return;
      stop();
      watchTree();
    });
  };
  const watchTree = (): void => {
    try {
      const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
      const directories = entries.filter((e) => e.isDirectory()).map((e) => path.join(e.parentPath, e.name));
      for (const directory of [dir, ...directories]) {
        try {
          const watcher = watch(directory, { persistent: false }, onNotice);
          watcher.on('error', fail);
          watchers.push(watcher);
        } catch (error) {
          // A directory gone since the listing (an import's scratch space) is not followed; one made
          // again is named by a notice of its parent, which watches the directories anew.
          if (directory === dir || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    } catch (error) {
      // The folder itself is gone (the registry drops the site on its next look at SITES_DIR), or
      // the watch limit was reached: the folder is looked at as before.
      fail(error);
    }
  };
  if (following) watchTree();
  return {
    get following() {
      return following;
    },
    close: () => {
      following = false;
      stop();
    },
  };
}

/** What an operator can act on: the kernel's bound named when that is what was reached. */
function watchFailure(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  return code === 'ENOSPC'
    ? 'the inotify watch limit was reached (raise fs.inotify.max_user_watches)'
    : code === 'EMFILE'
      ? 'the inotify instance limit was reached (raise fs.inotify.max_user_instances)'
      : (message ?? String(error));
}

function onLocalFilesystem(dir: string): boolean {
  try {
    return !sharedFilesystems.has(statfsSync(dir).type);
  } catch {
    return false;
  }
}
