// What a content folder holds, in one string: every file's path, size and modification time. Two
// looks with the same fingerprint saw the same files, so the folder needs no loading again.
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export async function folderFingerprint(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    // A file removed between the listing and its stat is simply left out: the next look sees it gone.
    const facts = await stat(file).catch(() => undefined);
    if (facts) hash.update(`${file}\0${facts.size}\0${facts.mtimeMs}\n`);
  }
  return hash.digest('base64url');
}
