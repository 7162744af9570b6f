// `CACHE_TESTS_DIR=<checkout> npx node bench/cache-tests.ts`: the public HTTP cache test suite
// (cache-tests.fyi, github.com/http-tests/cache-tests) run against front mode and against Debian's
// nginx with `proxy_cache` (the suite's own nginx setup), side by side, in front of the suite's
// origin server. The product is the dist/ bundle as `npm start` runs it (ORIGIN_URL, default
// ORIGIN_CACHE_MB); the suite's tests are counted with its own result rules (required, optimal).
// After the run the product must still answer: no test of the suite may end its process.
// Prepare the suite once: git clone https://github.com/http-tests/cache-tests <checkout>, then
// `npm install --omit=dev` in it (docs/benchmarks.md names the commit measured).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer } from '../scripts/build.ts';
import { freePorts } from '../test/helpers/free-port.ts';
import { startNginx } from './lib/nginx.ts';
import { nodeBinary, startServer } from './lib/processes.ts';

interface SuiteTest {
  id: string;
  kind?: 'required' | 'optimal' | 'check';
}
type Results = Record<string, unknown>;
type Verdict = [string, string, string];

const suite = process.env.CACHE_TESTS_DIR;
if (!suite || !fs.existsSync(path.join(suite, 'test-engine/cli.mjs'))) {
  console.error('CACHE_TESTS_DIR must name a checkout of github.com/http-tests/cache-tests (npm install done in it)');
  process.exit(2);
}
const load = (file: string) => import(pathToFileURL(path.join(suite, file)).href);
const tests = (await load('tests/index.mjs')).default as { tests: SuiteTest[] }[];
const { determineTestResult, resultTypes } = (await load('test-engine/lib/results.mjs')) as {
  determineTestResult(suites: unknown, id: string, results: Results): Verdict;
  resultTypes: Record<string, Verdict>;
};

/** The suite's client against `base`: its results as JSON (one run of every test). */
async function runSuite(base: string): Promise<Results> {
  const client = spawn(nodeBinary, ['--no-warnings', 'test-engine/cli.mjs'], {
    cwd: suite,
    env: { PATH: process.env.PATH ?? '', npm_config_base: base, npm_config_id: '', npm_package_config_id: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  client.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const [code] = (await once(client, 'exit')) as [number];
  if (code !== 0) throw new Error(`the suite's client ended with ${code} against ${base}`);
  return JSON.parse(out) as Results;
}

/** Every test's verdict symbol per run, to list where the two differ. */
const verdicts: Record<string, Record<string, string>> = {};

function count(run: string, results: Results): Record<string, string> {
  verdicts[run] = {};
  const tally: Record<string, [number, number]> = { required: [0, 0], optimal: [0, 0], check: [0, 0] };
  for (const test of tests.flatMap((group) => group.tests)) {
    const kind = test.kind ?? 'required';
    const verdict = determineTestResult(tests, test.id, results);
    (verdicts[run] as Record<string, string>)[`${kind} ${test.id}`] = verdict[2];
    const counts = tally[kind] as [number, number];
    counts[1] += 1;
    if (verdict === resultTypes.pass || verdict === resultTypes.yes) counts[0] += 1;
  }
  const show = (kind: string) => `${tally[kind]?.[0]} / ${tally[kind]?.[1]}`;
  return { required: show('required'), optimal: show('optimal'), 'check (yes)': show('check') };
}

await buildServer();
const [port] = (await freePorts(1)) as [number];
const pidDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cache-tests-'));
const origin = spawn(nodeBinary, ['test-engine/server/server.mjs'], {
  cwd: suite,
  env: {
    PATH: process.env.PATH ?? '',
    npm_config_protocol: 'http',
    npm_config_port: String(port),
    npm_config_pidfile: path.join(pidDir, 'server.pid'),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await once(origin.stdout!, 'data');
const originUrl = `http://127.0.0.1:${port}`;
const rows: Record<string, Record<string, string>> = {};
let survived = false;
try {
  const product = await startServer({ ORIGIN_URL: originUrl, LOG_LEVEL: 'silent' });
  try {
    const results = await runSuite(product.baseUrl);
    const alive = await fetch(`${product.baseUrl}/agent/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    survived = alive && product.child.exitCode === null;
    rows['agentsite front mode'] = { ...count('agentsite', results), 'process survived': survived ? 'yes' : 'NO' };
  } finally {
    await product.stop();
  }
  const nginx = await startNginx(originUrl, { cache: true });
  if (nginx) {
    try {
      rows['nginx proxy_cache'] = count('nginx', await runSuite(nginx.url));
    } finally {
      await nginx.stop();
    }
  } else console.log('nginx is not installed: its row is left out');
  console.table(rows);
  // CACHE_TESTS_DIFF=1: the tests whose verdicts differ between the two, one line each.
  if (process.env.CACHE_TESTS_DIFF && verdicts.nginx) {
    for (const [test, ours] of Object.entries(verdicts.agentsite ?? {}))
      if (ours !== verdicts.nginx[test]) console.log(`${test}: agentsite ${ours} nginx ${verdicts.nginx[test]}`);
  }
  if (!survived) process.exitCode = 1;
} finally {
  origin.kill();
  fs.rmSync(pidDir, { recursive: true, force: true });
}
