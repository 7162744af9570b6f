// `agentsite report` as operators run it (a separate process on the same database): the same
// figures as the dashboard's report, in three formats, one site's with SITES_DIR and --site, and one
// clear line for a bad flag.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Caller } from '../../src/domain/callers/caller.ts';
import { createInsight } from '../../src/domain/insight/recorder.ts';
import { buildReport } from '../../src/domain/insight/report.ts';
import { sinceRange } from '../../src/domain/insight/date-range.ts';
import { createLogger } from '../../src/kernel/logger.ts';
import { runInSite } from '../../src/domain/sites/site-scope.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { freshDatabaseUrl } from '../helpers/app.ts';
import { addSite, makeSitesDir, siteFolders } from '../sites/sites-folder.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const hostileQuery = 'seo \u001b]0;pwned\u0007 \u009b31m \u202ereversed\u2069';
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters that must not reach a terminal.
const unprintable = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
const google: Caller = { kind: 'declared-agent', family: 'Google', purpose: 'search-crawler', verified: false };
const perplexity: Caller = { ...google, family: 'Perplexity' };

describe('agentsite report', () => {
  let databaseUrl: string;
  let store: Store;

  before(async () => {
    databaseUrl = await freshDatabaseUrl();
    store = await openStore(
      databaseUrl.startsWith('sqlite:')
        ? { kind: 'sqlite', path: databaseUrl.slice(7) }
        : { kind: 'postgres', url: databaseUrl },
    );
    const insight = createInsight({ db: store.db, logger: createLogger('silent'), retentionDays: 400 });
    for (let i = 0; i < 4; i += 1)
      insight.recordVisit({ surface: 'llms', item: '/llms.txt', caller: google, status: 200 });
    insight.recordAsk({ source: 'mcp-match', query: 'ABM for, "fintech"', results: 2, caller: google });
    insight.recordAsk({ source: 'site-search', query: hostileQuery, results: 0, caller: google });
    insight.recordEnquiry({ channel: 'rest', caller: google });
    // Another site's counts, which only its own report shows.
    runInSite('alpha', () => {
      for (let i = 0; i < 2; i += 1)
        insight.recordVisit({ surface: 'llms', item: '/llms.txt', caller: perplexity, status: 200 });
      insight.recordAsk({ source: 'site-search', query: 'alpha only', results: 1, caller: perplexity });
    });
    await insight.close();
  });
  after(async () => {
    await store?.close();
  });

  async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return cliWith({}, ...args);
  }

  async function cliWith(
    env: Record<string, string>,
    ...args: string[]
  ): Promise<{ code: number; stdout: string; stderr: string }> {
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, ['bin/agentsite.js', 'report', ...args], {
        cwd: root,
        env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, ...env },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      return error as { code: number; stdout: string; stderr: string };
    }
  }

  it('prints the same figures as the dashboard report as JSON', async () => {
    const { code, stdout } = await cli('--since', '7d', '--format', 'json');
    assert.equal(code, 0);
    assert.deepEqual(JSON.parse(stdout), JSON.parse(JSON.stringify(await buildReport(store.db, sinceRange('7d')))));
    assert.equal(JSON.parse(stdout).totals.requests, 6, 'every site summed');
  });

  it("prints one site's figures with SITES_DIR and --site, named by a host or its folder", async () => {
    const sitesDir = makeSitesDir();
    addSite(sitesDir, 'alpha', siteFolders.verto, 'hosts: [alpha.test]');
    const single = { ...sinceRange('7d'), site: '' };
    for (const named of ['alpha.test', 'alpha']) {
      const { code, stdout } = await cliWith({ SITES_DIR: sitesDir }, '--format', 'json', '--site', named);
      assert.equal(code, 0);
      const report = JSON.parse(stdout) as { totals: { requests: number }; queries: { query: string }[] };
      assert.equal(report.totals.requests, 2);
      assert.deepEqual(
        report.queries.map((q) => q.query),
        ['alpha only'],
      );
    }
    assert.equal((await buildReport(store.db, single)).totals.requests, 4, "the single site's are its own");
    const unknown = await cliWith({ SITES_DIR: sitesDir }, '--site', 'beta.test');
    assert.notEqual(unknown.code, 0);
    assert.match(unknown.stderr, /no site of .* names the host beta\.test/);
  });

  it('prints tables by default and one figure per CSV line, quoting commas and quotes', async () => {
    const table = await cli();
    assert.equal(table.code, 0);
    assert.match(table.stdout, /^Google\s+0\s+4\s+0\s+0\s+4$/m);
    const csv = await cli('--format', 'csv');
    assert.equal(csv.code, 0);
    const lines = csv.stdout.trim().split('\n');
    assert.equal(lines[0], 'section,label,detail,value');
    assert.ok(lines.includes('totals,enquiries,,1'));
    assert.ok(lines.includes('queries,"abm for, ""fintech""",mcp-match,1'));
  });

  it('prints search text without control or bidirectional characters in every format', async () => {
    const [table, csv, json] = await Promise.all([cli(), cli('--format', 'csv'), cli('--format', 'json')]);
    for (const { stdout } of [table, csv, json]) assert.doesNotMatch(stdout, unprintable);
    assert.match(table.stdout, /^seo \]0;pwned 31m reversed\s+site-search\s+1/m);
    assert.ok(csv.stdout.includes('queries,seo ]0;pwned 31m reversed,site-search,1'));
    const queries = (JSON.parse(json.stdout) as { queries: { query: string }[] }).queries.map((q) => q.query);
    assert.ok(queries.includes(hostileQuery), 'the JSON keeps the text, escaped');
  });

  for (const [args, message] of [
    [['--format', 'xml'], /--format must be table, csv or json, got "xml"/],
    [['--since', '7'], /--since must be a number of days such as 7d/],
    [['--since', '0d'], /--since must be a number of days/],
    [['--sinse', '7d'], /Unknown option '--sinse'/],
    [['extra'], /report takes no arguments/],
    [['--site', 'alpha.test'], /--site names a site of SITES_DIR, which is not set/],
  ] as const) {
    it(`refuses ${args.join(' ')} with one line and exit code 2`, async () => {
      const { code, stderr } = await cli(...args);
      assert.equal(code, 2);
      assert.match(stderr.split('\n')[0]!, message);
    });
  }
});
