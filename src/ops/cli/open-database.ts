// Opens the CLI's database. An operator tool must not invent a database: a SQLite file that does not
// exist (a typo in DATABASE_URL, or the default ./data/agentsite.db in the wrong folder) is refused
// with a message naming the full path, unless `--create` asks for an empty one.
import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseConfig } from '../../config/config.ts';
import { openStore, type Store } from '../../store/store.ts';

export async function openCliStore(database: DatabaseConfig, create: boolean, urlSet: boolean): Promise<Store> {
  if (database.kind === 'sqlite' && database.path !== ':memory:' && !create && !fs.existsSync(database.path)) {
    const where = path.resolve(database.path);
    const why = urlSet
      ? 'DATABASE_URL names a file that does not exist'
      : `DATABASE_URL is not set, so the default ./data/agentsite.db of this folder (${process.cwd()}) is used`;
    throw new Error(
      `no database at ${where} (${why}); set DATABASE_URL to the service's database, or add --create to start an empty one`,
    );
  }
  return openStore(database);
}
