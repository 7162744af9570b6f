// `npm test`: type-checks the project, then runs every test file with Node's test runner.
// Extra arguments are passed to `node --test` (e.g. a file path to run just that file).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (command: string, args: string[]): number =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

const files = process.argv.slice(2);
if (files.length === 0 && run(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit']) !== 0) {
  process.exit(1);
}
const status = run(process.execPath, [
  '--test',
  '--test-concurrency=2',
  '--test-timeout=120000',
  ...(files.length > 0 ? files : ['test/**/*.test.ts']),
]);
process.exit(status);
