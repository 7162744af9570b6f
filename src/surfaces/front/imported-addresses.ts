// The origin's own address of each imported page, as the import recorded it in the content folder's
// .agentsite-import.json: the content serves "/about" for the origin's "/about.html", and in front
// mode both must lead to the page. A folder not written by an import has none: every page is then
// taken to be at its own address.
import { readManifest } from '../../importer/write-folder.ts';

export interface ImportedAddresses {
  /** The origin's address of a page the content serves at `contentPath`, when the two differ. */
  originOf(contentPath: string): string | undefined;
  /** The content's address of the page the origin serves at `originPath`, when the two differ. */
  contentOf(originPath: string): string | undefined;
}

export async function readImportedAddresses(contentDir: string): Promise<ImportedAddresses> {
  const recorded = Object.entries((await readManifest(contentDir))?.addresses ?? {});
  const origin = new Map(recorded);
  const content = new Map(recorded.map(([contentPath, originPath]) => [originPath, contentPath]));
  return { originOf: (path) => origin.get(path), contentOf: (path) => content.get(path) };
}
