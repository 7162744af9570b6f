// Three instances of the service on one database (AGENTSITE_TEST_STORE: SQLite file or PostgreSQL),
// all serving one public address, as behind a load balancer. A captured Web Bot Auth request sent to
// the three at once verifies once: one answer spends the operator's budget, the other two are
// replays, served and budgeted per address like any unverified request.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { freshDatabaseUrl, startTestApp, type TestApp } from '../../helpers/app.ts';
import { startSigningAgent, type SigningAgent } from '../../domain/callers/signer.ts';

const site = 'https://agency.test';

/** GET `path` from one instance as the load balancer forwards it: Host is the public one. */
function get(app: TestApp, path: string, headers: Record<string, string>): Promise<{ status: number; policy: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${app.baseUrl}${path}`, { headers: { ...headers, host: 'agency.test' } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, policy: String(response.headers['ratelimit-policy'] ?? '') }));
    });
    request.on('error', reject);
  });
}

describe('a captured Web Bot Auth request sent to three instances at once', () => {
  let agent: SigningAgent;
  let apps: TestApp[] = [];

  before(async () => {
    agent = await startSigningAgent();
    const env = { DATABASE_URL: await freshDatabaseUrl(), BASE_URL: site, AGENT_KEY_DIRECTORIES: agent.directory.origin, AGENT_RATE_LIMIT_PER_MINUTE: '10' };
    // The first brings the schema up to date; the other two start together on it.
    apps = [await startTestApp(env)];
    apps.push(...(await Promise.all([startTestApp(env), startTestApp(env)])));
  });
  after(async () => {
    await Promise.all(apps.map((app) => app.stop()));
    await agent.close();
  });

  for (const form of ['dictionary', 'legacy'] as const) {
    it(`verifies once and spends the operator's budget once (${form} Signature-Agent)`, async (t) => {
      const url = `${site}/agent/health`;
      const captured = form === 'dictionary' ? await agent.signDictionary(url) : await agent.sign(url);
      const answers = await Promise.all(apps.map((app) => get(app, '/agent/health', captured)));
      t.diagnostic(`answers: ${JSON.stringify(answers)}`);
      assert.deepEqual(answers.map((answer) => answer.status), [200, 200, 200], 'a replay is served, not refused');
      const operator = answers.filter((answer) => answer.policy.includes('"agent-minute"'));
      assert.equal(operator.length, 1, 'one answer spent the operator budget');
      assert.equal(answers.filter((answer) => answer.policy.includes('"general-minute"')).length, 2, 'the replays spent the address budget');
    });
  }
});
