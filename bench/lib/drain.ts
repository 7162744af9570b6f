// The delivery drain: a backlog of queued enquiries (as after an outage of the receivers) is written
// straight into a fresh SQLite database, then the real worker process (`npm run worker`) delivers
// every one to a local webhook receiver and a local SMTP server. The rate counts deliveries whose
// outcome the worker has recorded in the database, not what the receivers saw: a send that is not
// yet recorded as delivered is not done.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { openStore } from '../../src/store/store.ts';
import { newDeliveryId } from '../../src/store/outbox.ts';
import { cpuSeconds, nodeBinary, root } from './processes.ts';

export interface DrainResult {
  enquiries: number;
  deliveries: number;
  seconds: number;
  deliveriesPerSecond: number;
  webhookPosts: number;
  mails: number;
  /** The worker's CPU time (user + system) per delivery, a reading that the machine's load moves less. */
  workerCpuMsPerDelivery: number;
}

const webhookSecret = `whsec_${Buffer.from('agentsite drain bench secret').toString('base64')}`;

export async function measureDrain(enquiries: number): Promise<DrainResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentsite-drain-'));
  const databaseUrl = `sqlite:${path.join(dir, 'drain.db')}`;
  const receivers = await startReceivers();
  try {
    await queueBacklog(databaseUrl, enquiries);
    const deliveries = enquiries * 2;
    const store = await openStore({ kind: 'sqlite', path: path.join(dir, 'drain.db') });
    const worker = spawn(nodeBinary, ['src/worker.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'warn',
        ...(process.env.BENCH_WORKER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_WORKER_NODE_OPTIONS } : {}),
        ...(process.env.DELIVERY_CONCURRENCY ? { DELIVERY_CONCURRENCY: process.env.DELIVERY_CONCURRENCY } : {}),
        CRM_WEBHOOK_URL: receivers.webhookUrl,
        CRM_WEBHOOK_SECRET: webhookSecret,
        SMTP_URL: receivers.smtpUrl,
        NOTIFY_EMAIL_TO: 'sales@agency.invalid',
        NOTIFY_EMAIL_FROM: 'agentsite@agency.invalid',
      },
    });
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    try {
      await new Promise<void>((resolve, reject) => {
        worker.once('exit', (code) => reject(new Error(`worker exited with ${code} before it was ready`)));
        worker.stdout?.setEncoding('utf8').on('data', (text: string) => text.includes('worker ready') && resolve());
      });
      const started = performance.now();
      const cpuAtStart = cpuSeconds(worker.pid!) * 1000;
      const deadline = started + 300_000;
      while (performance.now() < deadline) {
        const row = await store.db
          .selectFrom('deliveries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('state', '=', 'delivered')
          .executeTakeFirstOrThrow();
        if (Number(row.n) >= deliveries) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const seconds = (performance.now() - started) / 1000;
      const cpuMs = cpuSeconds(worker.pid!) * 1000 - cpuAtStart;
      return {
        enquiries,
        deliveries,
        seconds,
        deliveriesPerSecond: deliveries / seconds,
        webhookPosts: receivers.webhookPosts(),
        mails: receivers.mails(),
        workerCpuMsPerDelivery: cpuMs / deliveries,
      };
    } finally {
      worker.kill('SIGTERM');
      await exited;
      await store.close();
    }
  } finally {
    await receivers.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes the enquiries and one pending webhook and e-mail delivery each, in a few big transactions. */
async function queueBacklog(databaseUrl: string, count: number): Promise<void> {
  const store = await openStore({ kind: 'sqlite', path: databaseUrl.slice('sqlite:'.length) });
  try {
    const at = new Date().toISOString();
    for (let first = 0; first < count; first += 500) {
      const references = Array.from(
        { length: Math.min(500, count - first) },
        (_, i) => `ENQ-DRAIN${String(first + i).padStart(6, '0')}`,
      );
      await store.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('enquiries')
          .values(
            references.map((reference) => ({
              site: '',
              reference,
              received_at: at,
              kind: 'contact',
              topic: 'general',
              channel: 'rest',
              from_name: 'Bench Person',
              from_email: 'bench@example.com',
              organization: 'Bench Ltd',
              message: 'A queued enquiry from the drain bench.',
              agent_id: null,
            })),
          )
          .execute();
        await trx
          .insertInto('deliveries')
          .values(
            references.flatMap((reference) =>
              ['webhook', 'email'].map((target) => ({
                id: newDeliveryId(),
                site: '',
                enquiry_reference: reference,
                target,
                state: 'pending',
                attempts: 0,
                next_attempt_at: at,
                created_at: at,
                updated_at: at,
              })),
            ),
          )
          .execute();
      });
    }
  } finally {
    await store.close();
  }
}

interface Receivers {
  webhookUrl: string;
  smtpUrl: string;
  webhookPosts(): number;
  mails(): number;
  close(): Promise<void>;
}

async function startReceivers(): Promise<Receivers> {
  let posts = 0;
  let mails = 0;
  const web = http.createServer((request, response) => {
    request.resume().once('end', () => {
      posts += 1;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume().once('end', () => {
        mails += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  return {
    webhookUrl: `http://127.0.0.1:${(web.address() as AddressInfo).port}/hooks/enquiries`,
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webhookPosts: () => posts,
    mails: () => mails,
    close: async () => {
      web.closeAllConnections();
      await Promise.all([
        new Promise((resolve) => web.close(resolve)),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}
