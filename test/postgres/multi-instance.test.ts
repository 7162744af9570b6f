// Three real server processes on one PostgreSQL database behind a (simulated) trusted proxy: the
// contact budget holds exactly per client across instances, idempotent retries spread over the
// instances create one enquiry, and every delivery reaches the CRM webhook exactly once.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Tables } from '../../src/store/schema.ts';
import { startWebhookReceiver, webhookSecret, type Receiver } from '../delivery/doubles.ts';
import { startInstance, type Instance } from '../helpers/instances.ts';
import { freshPostgresUrl } from '../helpers/postgres.ts';
import { awayFromMinuteBoundary } from '../helpers/rate-windows.ts';

const body = {
  fromName: 'Ada Lovelace',
  fromEmail: 'ada@example.com',
  message: 'We would like to talk about pipeline.',
};
const clients = Array.from({ length: 10 }, (_, i) => `198.51.100.${20 + i}`);
/** Two addresses of one IPv6 /56: one client for the limits. */
const ipv6Site = ['2001:db8:0:1100::1', '2001:db8:0:11ff::2'];
const perClient = 12;

async function contact(instance: Instance, clientIp: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${instance.baseUrl}/agent/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `${clientIp}, 127.0.0.1`, ...headers },
    body: JSON.stringify(body),
  });
}

describe('three instances on one PostgreSQL database', () => {
  let instances: Instance[] = [];
  let receiver: Receiver;
  let db: Kysely<Tables>;

  before(async () => {
    const databaseUrl = await freshPostgresUrl();
    receiver = await startWebhookReceiver();
    const env = {
      DATABASE_URL: databaseUrl,
      // Our own `X-Forwarded-For: <client>, 127.0.0.1` stands in for a proxy on loopback.
      TRUST_PROXY: 'loopback',
      CRM_WEBHOOK_URL: receiver.url,
      CRM_WEBHOOK_SECRET: webhookSecret,
      DELIVERY_POLL_MS: '100',
    };
    // Started together: their migrations race on the empty database and must serialise.
    instances = await Promise.all([startInstance(env), startInstance(env), startInstance(env)]);
    db = new Kysely<Tables>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 2 }) }),
    });
  });

  after(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await db?.destroy();
    await receiver?.close();
  });

  it('accepts exactly five contact requests a minute per client, wherever they land', async (t) => {
    await awayFromMinuteBoundary(20);
    const requests = clients.flatMap((ip, c) =>
      Array.from({ length: perClient }, (_, i) =>
        contact(instances[(c + i) % instances.length]!, ip).then((res) => ({ ip, res })),
      ),
    );
    const results = await Promise.all(requests);
    const accepted = new Map(clients.map((ip) => [ip, 0]));
    for (const { ip, res } of results) {
      await res.arrayBuffer();
      assert.ok(res.status === 202 || res.status === 429, `unexpected ${res.status}`);
      if (res.status === 202) accepted.set(ip, accepted.get(ip)! + 1);
      else assert.match(res.headers.get('retry-after') ?? '', /^\d+$/);
    }
    t.diagnostic(`accepted per client: ${JSON.stringify(Object.fromEntries(accepted))}`);
    for (const ip of clients) assert.equal(accepted.get(ip), 5, ip);
  });

  it('counts an IPv6 /56 as one client across instances', async (t) => {
    await awayFromMinuteBoundary(10);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => contact(instances[i % instances.length]!, ipv6Site[i % 2]!)),
    );
    const statuses = await Promise.all(
      results.map(async (res) => {
        await res.arrayBuffer();
        return res.status;
      }),
    );
    t.diagnostic(`IPv6 /56: ${statuses.filter((s) => s === 202).length} accepted of ${statuses.length}`);
    assert.equal(statuses.filter((status) => status === 202).length, 5);
  });

  it('holds the shared 300-a-minute budget within its stated bound in each of 20 bursts across instances', async (t) => {
    // The stated bound (src/domain/rate-limit-buffer.ts): a burst spread over N instances admits at
    // least the budget and at most the budget plus each instance's unflushed allowance, N x 10.
    const bound = 300 + instances.length * 10;
    const admitted: number[] = [];
    for (let burst = 0; burst < 20; burst += 1) {
      await awayFromMinuteBoundary(5);
      const client = `198.51.100.${200 + burst}`;
      const results = await Promise.all(
        Array.from({ length: 400 }, (_, i) =>
          fetch(`${instances[i % instances.length]!.baseUrl}/agent/health`, {
            headers: { 'x-forwarded-for': `${client}, 127.0.0.1` },
          }).then(async (res) => {
            await res.arrayBuffer();
            return res.status;
          }),
        ),
      );
      const accepted = results.filter((status) => status === 200).length;
      assert.equal(results.filter((status) => status === 429).length, 400 - accepted, 'every answer is 200 or 429');
      admitted.push(accepted);
    }
    t.diagnostic(`health bursts of 400 on 3 instances, admitted: ${admitted.join(' ')} (bound ${bound})`);
    for (const accepted of admitted)
      assert.ok(accepted >= 300 && accepted <= bound, `${accepted} outside 300..${bound}`);
  });

  it('creates one enquiry for one Idempotency-Key retried on every instance', async (t) => {
    await awayFromMinuteBoundary(10);
    const headers = { 'idempotency-key': `multi-${Date.now()}` };
    const burst = await Promise.all(instances.map((instance) => contact(instance, '192.0.2.77', headers)));
    const statuses = await Promise.all(burst.map(async (res) => [res.status, await res.json()] as const));
    const firsts = statuses.filter(([status]) => status === 202);
    t.diagnostic(`concurrent burst on 3 instances: ${statuses.map(([status]) => status).join(', ')}`);
    // Concurrent duplicates are told the first is still in flight (409) or get its replay.
    for (const [status] of statuses) assert.ok(status === 202 || status === 409, `unexpected ${status}`);
    assert.ok(firsts.length >= 1);
    const reference = (firsts[0]![1] as { reference: string }).reference;
    for (const instance of instances) {
      const res = await contact(instance, '192.0.2.77', headers);
      assert.equal(res.status, 202);
      assert.equal(res.headers.get('idempotent-replayed'), 'true');
      assert.equal(((await res.json()) as { reference: string }).reference, reference);
    }
    const rows = await db.selectFrom('enquiries').select('reference').where('reference', '=', reference).execute();
    assert.equal(rows.length, 1);
  });

  it('sends every delivery to the webhook exactly once', async (t) => {
    const expected = clients.length * 5 + 5 + 1;
    const deadline = Date.now() + 30_000;
    while (receiver.seen.size < expected && Date.now() < deadline) await sleep(100);
    await sleep(500); // a duplicate would arrive about now
    t.diagnostic(
      `webhook deliveries: ${receiver.seen.size} distinct ids, ${[...receiver.seen.values()].reduce((a, b) => a + b, 0)} requests`,
    );
    assert.equal(receiver.seen.size, expected);
    assert.deepEqual(
      [...receiver.seen.values()].filter((count) => count !== 1),
      [],
    );
    assert.equal(receiver.badSignatures, 0);
    const enquiries = await db
      .selectFrom('enquiries')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(Number(enquiries.n), expected);
    const states = await db.selectFrom('deliveries').select('state').distinct().execute();
    assert.deepEqual(
      states.map((row) => row.state),
      ['delivered'],
    );
  });
});
