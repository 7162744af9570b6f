// `agentsite audit` as an operator runs it: a child process, any address (operator mode), the three
// formats, exit 0 / 1 / 2, and nothing from the audited site reaching the terminal as a control character.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { AuditReport } from '../../../src/audit/report.ts';
import { deadPort } from './audit-helpers.ts';
import { startOwnSite, type OwnSite } from './own-site.ts';
import { recordingServer, type RecordingServer } from './recording-server.ts';
import { type CliRun, runAgentsite } from '../../helpers/agentsite-cli.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters that must not reach a terminal.
const controlCharacters = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E]/;

const run = (...args: string[]): Promise<CliRun> => runAgentsite(['audit', ...args]);

let own: OwnSite;
let hostile: RecordingServer;
before(async () => {
  own = await startOwnSite();
  // A site whose llms.txt would clear the terminal and retitle its window.
  hostile = await recordingServer((request, response) => {
    if (request.url === '/llms.txt')
      response
        .writeHead(200, { 'content-type': 'text/plain' })
        .end('\u001b[2J\u001b]0;pwned\u0007 \u009b31m no heading\n');
    else response.writeHead(request.url === '/' ? 200 : 404, { 'content-type': 'text/html' }).end('<title>x</title>');
  });
});
after(async () => {
  await own?.stop();
  await hostile?.close();
});

describe('agentsite audit', () => {
  it('exits 0 when no check fails, and prints the report as JSON', async () => {
    const { code, stdout } = await run(`${own.baseUrl}/`, '--format', 'json');
    assert.equal(code, 0, stdout);
    const json = JSON.parse(stdout);
    const report = AuditReport.parse(json);
    assert.equal(report.level, 4);
    for (const check of json.checks)
      assert.deepEqual(
        Object.keys(check),
        ['id', 'status', 'message', 'evidence', 'fix'],
        'every check has all five fields',
      );
  });

  it('exits 1 when a check fails, in every format, with no control character from the site', async () => {
    for (const format of ['table', 'markdown', 'json']) {
      const { code, stdout } = await run(`${hostile.url}/`, '--format', format);
      assert.equal(code, 1, format);
      assert.doesNotMatch(stdout, controlCharacters, format);
      assert.match(stdout, /llms-txt/, format);
    }
    const { stdout } = await run(`${hostile.url}/`, '--format', 'markdown');
    assert.match(stdout, /^# Agent readiness of /);
    assert.match(stdout, /^### Fail: .+ \(`llms-txt`\)$/m);
  });

  it('exits 2 on a bad URL or a site that cannot be reached', async () => {
    for (const url of ['http://[not', 'ftp://example.com/', `http://127.0.0.1:${await deadPort()}/`]) {
      const { code, stdout, stderr } = await run(url);
      assert.equal(code, 2, url);
      assert.equal(stdout, '');
      assert.match(stderr, /^agentsite: /);
    }
    assert.equal((await run(`${own.baseUrl}/`, '--format', 'xml')).code, 2);
  });
});
