// Three instances of the service on one database (AGENTSITE_TEST_STORE: SQLite file or PostgreSQL),
// all serving one public address, as behind a load balancer. A captured Web Bot Auth request sent to
// the three at once verifies once: one answer spends the operator's budget, the other two are
// replays, served and budgeted per address like any unverified request.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { freshDatabaseUrl, startTestApp, type TestApp } from '../../helpers/app.ts';
import { getWithHost } from '../../helpers/public-host.ts';
import { startSigningAgent, type SigningAgent } from '../../domain/callers/signer.ts';

const site = 'https://agency.test';

describe('a captured Web Bot Auth request sent to three instances at once', () => {
  let agent: SigningAgent;
  let apps: TestApp[] = [];

  before(async () => {
    agent = await startSigningAgent();
    const env = {
      DATABASE_URL: await freshDatabaseUrl(),
      BASE_URL: site,
      AGENT_KEY_DIRECTORIES: agent.directory.origin,
      AGENT_RATE_LIMIT_PER_MINUTE: '10',
    };
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
      const answers = await Promise.all(
        apps.map((app) => getWithHost(app.baseUrl, '/agent/health', 'agency.test', captured)),
      );
      const policies = answers.map((answer) => String(answer.headers['ratelimit-policy']));
      t.diagnostic(
        `statuses ${JSON.stringify(answers.map((a) => a.status))}, RateLimit-Policy ${JSON.stringify(policies)}`,
      );
      assert.deepEqual(
        answers.map((answer) => answer.status),
        [200, 200, 200],
        'a replay is served, not refused',
      );
      assert.equal(
        policies.filter((policy) => policy.includes('"agent-minute"')).length,
        1,
        'one answer spent the operator budget',
      );
      assert.equal(
        policies.filter((policy) => policy.includes('"general-minute"')).length,
        2,
        'the replays spent the address budget',
      );
    });
  }
});
