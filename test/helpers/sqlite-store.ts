// A store on a fresh SQLite file in a temporary folder, for tests of the store and domain modules.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStore, type Store } from '../../src/store/store.ts';

export async function tempSqliteStore(prefix: string): Promise<Store> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return openStore({ kind: 'sqlite', path: path.join(dir, 'test.db') });
}
