// `npm test`: type-checks the project, runs every test file with Node's test runner on SQLite, then
// runs the behavioural folders a second time on PostgreSQL (one suite, two back-ends).
// Extra arguments are passed to `node --test` (e.g. a file path to run just that file) and run once,
// on the back-end named by AGENTSITE_TEST_STORE (default sqlite).
// Every PostgreSQL test database of the run is named with the run's prefix and dropped at the end.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminQuery, adminUrl, dropTestDatabases, staleTestDatabasePrefixes } from '../test/helpers/postgres.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The folders whose behaviour must be the same on both back-ends (everything that stores data). */
const bothStores = ['test/http', 'test/mcp', 'test/a2a', 'test/delivery', 'test/domain', 'test/cli', 'test/dashboard'];
/** Tests that need PostgreSQL whatever the store setting (multi-instance, outage, migration lock). */
const postgresOnly = 'test/postgres';
const prefix = `agentsite_t${process.pid}`;

/**
 * A pass that has not ended by then has a test file holding its process open (a server, pool or
 * timer left behind): a pass takes 2-4 minutes here, so this only ends a hang, with a message.
 */
const passTimeoutMs = 20 * 60_000;

async function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  // Its own process group, so a hung pass is ended with every test file process it started.
  const child = spawn(command, args, {
    cwd: root,
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, AGENTSITE_TEST_PG_PREFIX: prefix, ...env },
  });
  // Out of the terminal's process group, Ctrl-C reaches the pass only through this process.
  const forward = (signal: NodeJS.Signals): void => {
    process.kill(-child.pid!, signal);
  };
  process.on('SIGINT', forward).on('SIGTERM', forward);
  const timer = setTimeout(() => {
    console.error(
      `\nStopped after ${passTimeoutMs / 60_000} minutes: a test file left a server, pool or timer open, so its process never ended.`,
    );
    process.kill(-child.pid!, 'SIGKILL');
  }, passTimeoutMs);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  process.off('SIGINT', forward).off('SIGTERM', forward);
  return code ?? 1;
}

/** Where each pass's failures are written (scripts/failure-summary.ts), to be shown again at the end. */
const failureFiles = new Map<string, string>();

const nodeTest = (files: string[], store: string): Promise<number> => {
  const failures = path.join(os.tmpdir(), `${prefix}-${store}-failures.txt`);
  failureFiles.set(store, failures);
  // No --test-force-exit: with more than one file at a time it drops the last results of some files
  // (a file's tail of passes missing from the count, nodejs/node#64833). Every file closes what it
  // opens instead, and passTimeoutMs ends a pass that hangs.
  return run(
    process.execPath,
    [
      '--test',
      '--test-concurrency=2',
      '--test-timeout=120000',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=./scripts/failure-summary.ts',
      `--test-reporter-destination=${failures}`,
      ...files,
    ],
    {
      AGENTSITE_TEST_STORE: store,
    },
  );
};

/** Every pass's failures again, after the last pass, where a long run's end shows them. */
function repeatFailures(): void {
  for (const [store, file] of failureFiles) {
    // A pass that stopped before its reporters started wrote no file.
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    fs.rmSync(file, { force: true });
    if (text) console.log(`\nFailed on ${store}:\n${text}`);
  }
}

const testFiles = (folders: string[]): string[] =>
  folders.flatMap((folder) => fs.globSync(`${folder}/**/*.test.ts`, { cwd: root })).sort();

async function postgresReachable(): Promise<boolean> {
  try {
    await adminQuery('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length > 0) {
    // A folder argument stands for the test files under it.
    const expanded = args.flatMap((arg) =>
      fs.statSync(arg, { throwIfNoEntry: false })?.isDirectory() ? testFiles([arg]) : [arg],
    );
    return nodeTest(expanded, process.env.AGENTSITE_TEST_STORE ?? 'sqlite');
  }
  if ((await run(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit'])) !== 0) return 1;
  const all = testFiles(['test']);
  if (process.env.AGENTSITE_TEST_STORE === 'sqlite') {
    console.log('AGENTSITE_TEST_STORE=sqlite: skipping test/postgres and the PostgreSQL pass');
    return nodeTest(
      all.filter((file) => !file.startsWith(`${postgresOnly}/`)),
      'sqlite',
    );
  }
  if (!(await postgresReachable())) {
    console.error(`PostgreSQL is not reachable at ${adminUrl} (start it, or set AGENTSITE_TEST_STORE=sqlite)`);
    return 1;
  }
  for (const stale of await staleTestDatabasePrefixes()) await dropTestDatabases(stale);
  const sqlitePass = await nodeTest(all, 'sqlite');
  const behavioural = testFiles(bothStores);
  console.log(`\nPostgreSQL pass: ${behavioural.length} behavioural test files again on PostgreSQL`);
  const postgresPass = behavioural.length > 0 ? await nodeTest(behavioural, 'postgres') : 0;
  return sqlitePass || postgresPass;
}

const status = await main().finally(async () => {
  repeatFailures();
  // A files-only run on SQLite never touches PostgreSQL, and then there is nothing to drop.
  await dropTestDatabases(prefix).catch(() => 0);
});
process.exit(status);
