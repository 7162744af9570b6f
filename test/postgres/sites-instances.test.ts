// Two running instances on one PostgreSQL database and one SITES_DIR, changed by `agentsite sites`
// as an operator runs it: both serve an added site within the 10 s the operator is promised, both
// take a changed site.yaml, both answer a removed site's host 421, and no request is dropped on the
// way: a site nobody touches answers every request throughout, and a request that arrived before its
// site was removed is still answered as that site.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { startApp, type RunningApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { runAgentsite } from '../helpers/agentsite-cli.ts';
import { freePorts } from '../helpers/app.ts';
import { freshPostgresUrl } from '../helpers/postgres.ts';
import { addSite, makeSitesDir, siteFolders } from '../sites/sites-folder.ts';

/** What the operator is promised: a running instance follows a change of SITES_DIR within this. */
const followMs = 10_000;

interface Answer {
  status: number;
  text: string;
}

/** One request to the instance listening on `port`, as `host`; status 0 when it was dropped. */
function request(port: number, host: string, target: string): Promise<Answer> {
  return new Promise((resolve) => {
    const sent = http.get({ port, host: '127.0.0.1', path: target, headers: { host } }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.once('end', () => resolve({ status: response.statusCode ?? 0, text }));
      response.once('error', () => resolve({ status: 0, text }));
    });
    sent.once('error', (error) => resolve({ status: 0, text: error.message }));
  });
}

/**
 * A POST /ask whose head the instance has taken (it answered 100 Continue, so the request is routed
 * to its site) while its body is held back until `finish()`.
 */
async function heldAsk(port: number, host: string, query: string): Promise<{ finish(): Promise<Answer> }> {
  const body = JSON.stringify({ query: { text: query } });
  const sent = http.request({
    port,
    host: '127.0.0.1',
    method: 'POST',
    path: '/ask',
    headers: { host, 'content-type': 'application/json', 'content-length': body.length, expect: '100-continue' },
  });
  const answer = new Promise<Answer>((resolve) => {
    sent.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.once('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    sent.once('error', (error) => resolve({ status: 0, text: error.message }));
  });
  await new Promise((resolve, reject) => {
    sent.once('continue', resolve);
    sent.once('error', reject);
  });
  return {
    finish() {
      sent.end(body);
      return answer;
    },
  };
}

/** Polls `check` every 50 ms until it holds, failing once `followMs` has passed since `since`. */
async function within(what: string, since: number, check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) {
    if (performance.now() - since > followMs) throw new Error(`${what}: not seen within ${followMs} ms`);
    await sleep(50);
  }
}

describe('agentsite sites on two instances sharing PostgreSQL', () => {
  const apps: RunningApp[] = [];
  const ports: number[] = [];
  let sitesDir: string;
  /** Every answer the untouched site gave while the others were added, changed and removed. */
  const steady: number[] = [];
  let steadyRunning = true;
  let steadyLoop: Promise<void> | undefined;

  const sites = (...args: string[]) =>
    runAgentsite(['sites', ...args], { PATH: process.env.PATH ?? '', SITES_DIR: sitesDir });
  const onBoth = async (host: string, target: string): Promise<Answer[]> =>
    Promise.all(ports.map((port) => request(port, host, target)));

  before(async () => {
    sitesDir = makeSitesDir();
    addSite(sitesDir, 'moss', siteFolders.mossgrove, 'hosts: [moss.test]');
    const databaseUrl = await freshPostgresUrl();
    for (const port of await freePorts(4)) ports.push(port);
    const mcpPorts = ports.splice(2);
    // One after the other: the first runs the migrations, the second finds them done.
    for (const [i, port] of ports.entries()) {
      const config = loadConfig({
        SITES_DIR: sitesDir,
        CONTENT_POLL_SECONDS: '1',
        LOG_LEVEL: 'silent',
        PORT: String(port),
        MCP_PORT: String(mcpPorts[i]),
        DATABASE_URL: databaseUrl,
      });
      apps.push(await startApp(config));
    }
    steadyLoop = (async () => {
      for (let turn = 0; steadyRunning; turn++) {
        steady.push((await request(ports[turn % 2]!, 'moss.test', '/llms.txt')).status);
        await sleep(20);
      }
    })();
  });
  after(async () => {
    steadyRunning = false;
    await steadyLoop;
    await Promise.all(apps.map((app) => app.stop()));
    fs.rmSync(sitesDir, { recursive: true, force: true });
  });

  it('serves an added site on both instances within 10 s, and lists it', async () => {
    const added = await sites('add', 'beta.test');
    assert.equal(added.code, 0, added.stderr);
    const since = performance.now();
    await within('beta.test on both instances', since, async () =>
      (await onBoth('beta.test', '/llms.txt')).every((answer) => answer.status === 200),
    );
    for (const answer of await onBoth('beta.test', '/llms.txt')) assert.match(answer.text, /Your Agency/);
    const listed = await sites('list');
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, /^beta\.test\s+beta\.test\s+-\s+\d+\s+\d+$/m);
    assert.match(listed.stdout, /^moss\s+moss\.test\s+-\s+\d+\s+\d+$/m);
  });

  it('takes a changed site.yaml on both instances: a new host and a new brand name', async () => {
    const file = path.join(sitesDir, 'beta.test', 'site.yaml');
    const changed = fs
      .readFileSync(file, 'utf8')
      .replace('brandName: Your Agency', 'brandName: Beta Works')
      .replace('hosts: [beta.test]', 'hosts: [beta.test, www.beta.test]');
    // Written whole and renamed into place, as an editor saves: no instance reads half a file.
    fs.writeFileSync(`${file}.new`, changed);
    fs.renameSync(`${file}.new`, file);
    const since = performance.now();
    await within('the new host on both instances', since, async () =>
      (await onBoth('www.beta.test', '/llms.txt')).every((answer) => answer.status === 200),
    );
    await within('the new brand on both instances', since, async () =>
      (await onBoth('beta.test', '/llms.txt')).every((answer) => answer.text.includes('Beta Works')),
    );
  });

  it('answers a removed site 421 on both, yet answers the requests that arrived before', async () => {
    const held = await Promise.all(ports.map((port) => heldAsk(port, 'beta.test', 'Beta Works')));
    const removed = await sites('remove', 'www.beta.test');
    assert.equal(removed.code, 0, removed.stderr);
    const last = await sites('remove', 'beta.test');
    assert.equal(last.code, 0, last.stderr);
    const since = performance.now();
    await within('421 for the removed site on both instances', since, async () =>
      (await onBoth('beta.test', '/llms.txt')).every((answer) => answer.status === 421),
    );
    for (const answer of await onBoth('www.beta.test', '/')) assert.equal(answer.status, 421);
    for (const answer of await Promise.all(held.map((ask) => ask.finish()))) {
      assert.equal(answer.status, 200, answer.text);
      assert.match(answer.text, /Beta Works/);
    }
  });

  it('answered the untouched site every time while the others changed', () => {
    assert.ok(steady.length > 20, `${steady.length} requests made`);
    assert.deepEqual(
      steady.filter((status) => status !== 200),
      [],
    );
  });
});
