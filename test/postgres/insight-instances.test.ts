// Two server processes on one PostgreSQL database record agent insight into the same rows: the
// dashboard of either shows the sum of both instances' traffic.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Tables } from '../../src/store/schema.ts';
import { freePorts } from '../helpers/app.ts';
import { startInstance, type Instance } from '../helpers/instances.ts';
import { freshPostgresUrl } from '../helpers/postgres.ts';

const token = 'two-instances-token-0123456789';
const gptBot = 'Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)';

describe('agent insight across two instances on one PostgreSQL database', () => {
  let instances: Instance[] = [];
  let adminPorts: number[] = [];
  let db: Kysely<Tables>;

  before(async () => {
    const databaseUrl = await freshPostgresUrl();
    adminPorts = await freePorts(2);
    instances = await Promise.all(
      adminPorts.map((port) =>
        startInstance({ DATABASE_URL: databaseUrl, ADMIN_PORT: String(port), ADMIN_TOKEN: token }),
      ),
    );
    db = new Kysely<Tables>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 2 }) }),
    });
  });
  after(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await db?.destroy();
  });

  it('sums both instances into one row and one dashboard', async () => {
    const [a, b] = instances as [Instance, Instance];
    const visit = async (instance: Instance, times: number): Promise<void> => {
      for (let i = 0; i < times; i += 1)
        await (await fetch(`${instance.baseUrl}/about`, { headers: { 'user-agent': gptBot } })).text();
    };
    await Promise.all([visit(a, 5), visit(b, 7)]);
    await b.stop(); // A stopping instance writes what it still holds.
    const page = await fetch(`http://127.0.0.1:${adminPorts[0]}/family/OpenAI`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /<span class="value">12<\/span><span class="label">Requests<\/span>/);
    const rows = await db.selectFrom('insight_visits').selectAll().where('family', '=', 'OpenAI').execute();
    assert.deepEqual(
      rows.map((r) => [r.item, Number(r.count)]),
      [['/about', 12]],
    );
  });
});
