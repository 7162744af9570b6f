// The origin's own address of each imported page, as the import recorded it in the content folder's
// .agentsite-import.json: the content serves "/about" for the origin's "/about.html", and in front
// mode both must lead to the page; in site mode the origin's address leads to the content's. A folder not written by an import has none: every page is then
// taken to be at its own address.
import { readManifest } from '../../importer/write-folder.ts';

export interface ImportedAddresses {
  /** The origin's address of a page the content serves at `contentPath`, when the two differ. */
  originOf(contentPath: string): string | undefined;
  /** The content's address of the page the origin serves at `originPath`, when the two differ. */
  contentOf(originPath: string): string | undefined;
  /** Every origin address with the content's address of its page: [originPath, contentPath]. */
  moved(): [string, string][];
}

/**
 * The record of a folder no import wrote (or one that recorded nothing): one object for every
 * such folder, so with many sites the check each request makes reads nothing of the site's own.
 */
const noneMoved: ImportedAddresses = { originOf: () => undefined, contentOf: () => undefined, moved: () => [] };

export async function readImportedAddresses(contentDir: string): Promise<ImportedAddresses> {
  const recorded = Object.entries((await readManifest(contentDir))?.addresses ?? {});
  if (recorded.length === 0) return noneMoved;
  const origin = new Map(recorded);
  // Several content pages can come from one origin page (services named on its overview): the
  // page's own entry is recorded first, and is the one its origin address leads to.
  const content = new Map<string, string>();
  for (const [contentPath, originPath] of recorded) if (!content.has(originPath)) content.set(originPath, contentPath);
  return {
    originOf: (path) => origin.get(path),
    contentOf: (path) => content.get(path),
    moved: () => [...content],
  };
}
