// `npm run bench:dashboard`: the operator dashboard over many sites. BENCH_SITES small sites (default
// 1 000; bench/lib/many-sites.ts) in a temporary SITES_DIR; a fresh database (BENCH_DASHBOARD_STORE:
// sqlite, the default, or postgres on the tests' server) holding for every site
// BENCH_DASHBOARD_ENQUIRIES enquiries (default 20), each with a webhook and an e-mail delivery spread
// over the three states, and a week of insight counts (two items an hour, ten queries a day). The
// dashboard runs in this process on its own listener, without the public listeners or their warm-up,
// so only the site a page asks for is loaded. Each page (the index's first and last page, one site's
// overview and its searches) is read BENCH_DASHBOARD_READS times (default 20) after one read that is
// not counted; printed: the median and slowest wall time and this process's CPU (user+sys) per read.
// Writes bench/results/dashboard-<timestamp>.json.
import fs from 'node:fs';
import path from 'node:path';
import type { Insertable, Kysely } from 'kysely';
import { closeServices, createServices } from '../src/app/services.ts';
import { loadConfig } from '../src/config/config.ts';
import { startAdminListener } from '../src/ops/dashboard/listener.ts';
import type { Tables } from '../src/store/schema.ts';
import { tempSqliteUrl } from '../test/helpers/app.ts';
import { databasePrefix, dropTestDatabases, freshPostgresUrl } from '../test/helpers/postgres.ts';
import { generateSites, siteKey } from './lib/many-sites.ts';
import { root } from './lib/processes.ts';

const count = whole('BENCH_SITES', 1000);
const enquiriesPerSite = whole('BENCH_DASHBOARD_ENQUIRIES', 20);
const reads = whole('BENCH_DASHBOARD_READS', 20);
const store = process.env.BENCH_DASHBOARD_STORE ?? 'sqlite';
if (store !== 'sqlite' && store !== 'postgres') throw new Error('BENCH_DASHBOARD_STORE must be sqlite or postgres');
const token = 'bench-dashboard-token-0123456789';
const days = 7;
const log = (line: string): void => void process.stderr.write(`${line}\n`);

function whole(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of 1 or more`);
  return value;
}

/** Inserts `rows` into `table` a few hundred at a time (both back-ends bound a statement's parameters). */
async function insertAll<T extends keyof Tables>(db: Kysely<Tables>, table: T, rows: unknown[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 400) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 400) as never)
      .execute();
  }
}

/** Every site's enquiries, deliveries and a week of insight counts. */
async function seed(db: Kysely<Tables>): Promise<void> {
  const now = Date.now();
  const day = (back: number): string => new Date(now - back * 86_400_000).toISOString().slice(0, 10);
  const states = ['delivered', 'pending', 'dead'] as const;
  for (let n = 1; n <= count; n += 1) {
    const site = siteKey(n);
    const enquiries: Insertable<Tables['enquiries']>[] = [];
    const deliveries: Insertable<Tables['deliveries']>[] = [];
    for (let e = 0; e < enquiriesPerSite; e += 1) {
      const reference = `enq_${n.toString(16).padStart(8, '0')}${e.toString(16).padStart(8, '0')}`;
      const at = new Date(now - e * 3_600_000).toISOString();
      enquiries.push({
        site,
        reference,
        received_at: at,
        kind: 'enquiry',
        topic: 'general',
        channel: 'rest',
        from_name: 'Bench Caller',
        from_email: 'bench@example.com',
        organization: null,
        message: 'A generated enquiry.',
        agent_id: null,
        erased_at: null,
      });
      for (const target of ['webhook', 'email']) {
        const state = states[(e + target.length) % states.length]!;
        deliveries.push({
          site,
          id: `dlv_${target}_${reference}`,
          enquiry_reference: reference,
          target,
          state,
          attempts: state === 'delivered' ? 1 : 3,
          next_attempt_at: at,
          lease_owner: null,
          lease_expires_at: null,
          last_error: state === 'delivered' ? null : 'attempt 3: webhook: HTTP 503',
          created_at: at,
          updated_at: at,
          delivered_at: state === 'delivered' ? at : null,
        });
      }
    }
    const visits: Insertable<Tables['insight_visits']>[] = [];
    const asks: Insertable<Tables['insight_asks']>[] = [];
    for (let d = 0; d < days; d += 1) {
      for (let hour = 0; hour < 24; hour += 1) {
        for (const item of ['/', '/case-studies/wick-and-wax']) {
          visits.push({
            site,
            hour: `${day(d)}T${String(hour).padStart(2, '0')}`,
            surface: 'page-html',
            item,
            family: 'OpenAI',
            kind: 'declared-agent',
            verified: 0,
            status_class: '2xx',
            count: 3,
          });
        }
      }
      for (let q = 0; q < 10; q += 1) {
        asks.push({
          site,
          day: day(d),
          source: 'site-search',
          query: `query ${q}`,
          family: 'OpenAI',
          asks: 2,
          no_result: q % 3 === 0 ? 1 : 0,
          results: 4,
          out_of_fit: q % 5 === 0 ? 1 : 0,
        });
      }
    }
    await db.transaction().execute(async (trx) => {
      await insertAll(trx, 'enquiries', enquiries);
      await insertAll(trx, 'deliveries', deliveries);
      await insertAll(trx, 'insight_visits', visits);
      await insertAll(trx, 'insight_asks', asks);
    });
  }
}

/** Reads `url` `reads` times after one uncounted read: wall times (ms, sorted) and CPU ms per read. */
async function timeReads(url: string): Promise<{ status: number; medianMs: number; slowestMs: number; cpuMs: number }> {
  const read = async (): Promise<number> => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    return response.status;
  };
  const status = await read();
  const walls: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < reads; i += 1) {
    const started = performance.now();
    await read();
    walls.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  walls.sort((a, b) => a - b);
  return {
    status,
    medianMs: round(walls[Math.floor(walls.length / 2)]!),
    slowestMs: round(walls.at(-1)!),
    cpuMs: round((cpu.user + cpu.system) / 1000 / reads),
  };
}

const round = (value: number): number => Math.round(value * 10) / 10;

async function main(): Promise<void> {
  const startedAt = new Date().toISOString().replace(/[:.]/g, '-');
  log(`writing ${count} sites…`);
  const sitesDir = generateSites(count);
  const databaseUrl = store === 'postgres' ? await freshPostgresUrl() : tempSqliteUrl();
  const services = await createServices(
    loadConfig({ SITES_DIR: sitesDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', CONTENT_POLL_SECONDS: '0' }),
  );
  try {
    log(`seeding ${count} sites × ${enquiriesPerSite} enquiries on ${store}…`);
    const seeding = performance.now();
    await seed(services.store.db);
    log(`seeded in ${Math.round((performance.now() - seeding) / 1000)} s`);
    const admin = await startAdminListener(services, 0, token);
    const base = `http://127.0.0.1:${admin.port}`;
    const lastPage = Math.ceil(count / 100);
    const middle = siteKey(Math.ceil(count / 2));
    const pages = {
      indexFirstPage: '/',
      indexLastPage: `/?page=${lastPage}`,
      siteOverview: `/site/${middle}`,
      siteSearches: `/site/${middle}/searches`,
    };
    const figures: Record<string, Awaited<ReturnType<typeof timeReads>>> = {};
    for (const [name, target] of Object.entries(pages)) {
      figures[name] = await timeReads(`${base}${target}`);
      const f = figures[name];
      log(
        `${name.padEnd(16)} ${target.padEnd(28)} ${f.status}  median ${f.medianMs} ms  slowest ${f.slowestMs} ms  CPU ${f.cpuMs} ms/read`,
      );
    }
    await admin.close();
    const out = path.join(root, 'bench/results', `dashboard-${startedAt}.json`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    const setup = { sites: count, enquiriesPerSite, reads, store, days };
    fs.writeFileSync(out, `${JSON.stringify({ node: process.version, setup, figures }, null, 2)}\n`);
    log(`wrote ${path.relative(root, out)}`);
  } finally {
    await closeServices(services);
    fs.rmSync(sitesDir, { recursive: true, force: true });
    if (store === 'postgres') await dropTestDatabases(databasePrefix);
  }
}

await main();
