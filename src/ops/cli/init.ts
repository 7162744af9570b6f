// `agentsite init <folder>`: starts a new agency's content folder from the starter content
// (src/ops/cli/starter/, a small folder that passes content:check), so an operator edits files that
// already load instead of writing them from nothing. Touches no database.
import { cp, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from './commands.ts';

const starter = fileURLToPath(new URL('./starter', import.meta.url));

/** Copies the starter content into `folder` (which must not exist or be empty); returns the exit code. */
export async function initContent(args: string[], out: (line: string) => void): Promise<number> {
  const [folder, ...extra] = args;
  if (!folder || extra.length > 0) throw new UsageError('init takes one folder: agentsite init <folder>');
  const target = path.resolve(folder);
  const existing = await readdir(target).catch(() => []);
  if (existing.length > 0) throw new Error(`${target} is not empty; init only writes into a new or empty folder`);
  await cp(starter, target, { recursive: true, errorOnExist: true, force: false });
  out(`Started a content folder in ${target}`);
  out('Next: edit its files (docs/content.md explains each one), then');
  out(`  npm run content:check -- ${folder}      check it`);
  out(`  CONTENT_DIR=${folder} npm start         preview the site on http://localhost:3000`);
  return 0;
}
