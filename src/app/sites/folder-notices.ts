// A site's folder followed by the kernel's change notices (inotify), so the registry looks at it when
// something in it changed instead of on every tick while it is asked for: a look stats every file of
// the folder, and a thousand sites asked for every second made those looks cost more CPU than their
// pages (docs/benchmarks.md, many sites in one process). Each directory of the folder is watched on its
// own (a directory's watch reports its files' writes, renames and removals), and one added later is
// watched once a notice names it. Notices are trusted only where the kernel gives them for every
// writer: on Linux, on a local filesystem. A network or shared filesystem (NFS, SMB, FUSE, 9p,
// virtiofs) says nothing of another machine's writes, so a folder there, or one whose watches could
// not be set (the inotify watch limit), is looked at as before; `following` says which.
import { type Dirent, type FSWatcher, readdirSync, statfsSync, watch } from 'node:fs';
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

/** Follows `dir`: `changed` is called on each notice of a change in it, and once if following stops. */
export function folderNotices(dir: string, changed: () => void): FolderNotices {
  const watchers = new Map<string, FSWatcher>();
  let following = process.platform === 'linux' && onLocalFilesystem(dir);
  const stop = (): void => {
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  };
  const fail = (): void => {
    if (!following) return;
    following = false;
    stop();
    changed();
  };
  const follow = (directory: string): void => {
    if (!following || watchers.has(directory)) return;
    try {
      const watcher = watch(directory, { persistent: false }, (event, name) => {
        changed();
        // A directory added (or moved in) is watched too; one removed ends its own watch.
        if (event === 'rename' && name) followTree(path.join(directory, name.toString()));
      });
      watcher.on('error', () => (directory === dir ? fail() : forget(directory)));
      watchers.set(directory, watcher);
    } catch (error) {
      // Gone between its listing and its watch: nothing to follow there. Anything else ends following.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') fail();
    }
  };
  const forget = (directory: string): void => {
    watchers.get(directory)?.close();
    watchers.delete(directory);
  };
  const followTree = (directory: string): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(directory, { recursive: true, withFileTypes: true });
    } catch {
      return; // A file, or already gone.
    }
    follow(directory);
    for (const entry of entries) if (entry.isDirectory()) follow(path.join(entry.parentPath, entry.name));
  };
  if (following) followTree(dir);
  if (following && !watchers.has(dir)) following = false;
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

function onLocalFilesystem(dir: string): boolean {
  try {
    return !sharedFilesystems.has(statfsSync(dir).type);
  } catch {
    return false;
  }
}
