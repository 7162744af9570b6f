// A SITES_DIR for the tests: copies of the fixture folders, each site.yaml given its hosts (and
// whatever else a test adds), in a fresh temporary folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repository = path.resolve(import.meta.dirname, '../..');

/** Where each fixture of the tests lives. */
export const siteFolders = {
  verto: path.join(repository, 'content'),
  hafenwerk: path.join(repository, 'test/fixtures/hafenwerk'),
  mossgrove: path.join(repository, 'test/fixtures/retail-studio'),
  zweiklang: path.join(repository, 'test/fixtures/zweiklang'),
} as const;

export function makeSitesDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'agentsite-sites-'));
}

/** Copies `from` into `sitesDir/<key>` with `hosting` (YAML lines) appended to its site.yaml. */
export function addSite(sitesDir: string, key: string, from: string, hosting: string): string {
  const dir = path.join(sitesDir, key);
  fs.cpSync(from, dir, { recursive: true });
  fs.appendFileSync(path.join(dir, 'site.yaml'), `\n${hosting}\n`);
  return dir;
}
