// `agentsite audit <url>` as a CI job runs it, a child process: with --fail-under the exit code
// is the gate (0 at or above the score, 1 below it, whatever single checks do), the report printed
// as usual, and a score outside 0-100 refused as a usage error before anything is fetched; with
// --language de the findings and the markdown are German.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { AuditReport } from '../../src/audit/report.ts';
import { recordingServer, type RecordingServer } from '../domain/audit/recording-server.ts';
import { type CliRun, runAgentsite } from '../helpers/agentsite-cli.ts';

const audit = (...args: string[]): Promise<CliRun> => runAgentsite(['audit', ...args]);

// A company site with a robots.txt and nothing else for agents: one check passes, most fail.
let site: RecordingServer;
let score: number;
before(async () => {
  site = await recordingServer((request, response) => {
    if (request.url === '/robots.txt')
      return void response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    response
      .writeHead(request.url === '/' ? 200 : 404, { 'content-type': 'text/html' })
      .end('<!doctype html><title>Studio</title><h1>Studio</h1>');
  });
  const { code, stdout } = await audit(`${site.url}/`, '--format', 'json');
  assert.equal(code, 1, 'without --fail-under a failing check exits 1');
  score = AuditReport.parse(JSON.parse(stdout)).score;
  assert.ok(score > 0 && score < 100, `a score between the bounds, got ${score}`);
});
after(async () => site?.close());

describe('agentsite audit --fail-under', () => {
  it('exits 0 at or above the score though checks fail, and prints the report as usual', async () => {
    for (const threshold of [String(score), '0', `${score - 0.5}`]) {
      const { code, stdout, stderr } = await audit(`${site.url}/`, '--fail-under', threshold, '--format', 'json');
      assert.equal(code, 0, `--fail-under ${threshold}: ${stderr}`);
      assert.equal(AuditReport.parse(JSON.parse(stdout)).score, score);
      assert.equal(stderr, '');
    }
  });

  it('exits 1 below the score, saying so on stderr after the report', async () => {
    const { code, stdout, stderr } = await audit(`${site.url}/`, `--fail-under=${score + 1}`);
    assert.equal(code, 1);
    assert.match(stdout, /robots-txt/, 'the table is printed');
    assert.equal(stderr, `agentsite: score ${score} is below --fail-under ${score + 1}\n`);
    assert.equal((await audit(`${site.url}/`, '--fail-under', '100')).code, 1);
  });

  it('refuses a score that is not a number from 0 to 100 with exit 2, before fetching anything', async () => {
    const connections = site.connections;
    for (const bad of ['101', '-1', 'ninety', '']) {
      const { code, stdout, stderr } = await audit(`${site.url}/`, `--fail-under=${bad}`);
      assert.equal(code, 2, bad);
      assert.equal(stdout, '');
      assert.match(stderr, /^agentsite: --fail-under must be a score from 0 to 100, got "/, bad);
    }
    assert.equal(site.connections, connections, 'no audit ran');
  });
});

describe('agentsite audit --language', () => {
  it('writes the findings and the markdown in German with --language de, and the JSON keeps its shape', async () => {
    const json = await audit(`${site.url}/`, '--language', 'de', '--format', 'json');
    const report = AuditReport.parse(JSON.parse(json.stdout));
    const llms = report.checks.find((check) => check.id === 'llms-txt')!;
    assert.equal(llms.message, '/llms.txt antwortet mit 404');
    assert.match(llms.fix!, /^Veröffentlichen Sie \/llms\.txt/);
    const markdown = await audit(`${site.url}/`, '--language=de', '--format', 'markdown');
    assert.match(markdown.stdout, /\/llms\.txt antwortet mit 404/);
    assert.doesNotMatch(markdown.stdout, /answers 404/);
  });

  it('refuses a language it has no words for with exit 2, before fetching anything', async () => {
    const connections = site.connections;
    const { code, stderr } = await audit(`${site.url}/`, '--language', 'fr');
    assert.equal(code, 2);
    assert.match(stderr, /^agentsite: --language must be en or de, got "fr"\n/);
    assert.equal(site.connections, connections, 'no audit ran');
  });
});
