// `npm run worker` on its own: a separate process that delivers what the API process queued, serves
// its own metrics when METRICS_PORT is set, and drains on SIGTERM.
import assert from 'node:assert/strict';
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { closeServices, type Services } from '../../src/app/services.ts';
import { sample, scrapeMetrics } from '../helpers/metrics.ts';
import { startWebhookReceiver, waitFor, webhookSecret, type Receiver } from './doubles.ts';
import { addEnquiry, deliveriesFor, fastDelivery, testServices } from './fixture.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface WorkerRun {
  receiver: Receiver;
  /** Services on the same database as the worker process, to queue enquiries and read the outbox. */
  services: Services;
  child: ChildProcessByStdio<null, Readable, null>;
  /** Everything the worker printed on stdout so far. */
  output(): string;
  /** SIGTERM, then the exit code. */
  terminate(): Promise<number | null>;
  close(): Promise<void>;
}

/** Spawns `src/worker.ts` on a fresh database delivering to a webhook double; waits for its ready line. */
async function startWorkerProcess(extraEnv: Record<string, string> = {}): Promise<WorkerRun> {
  const receiver = await startWebhookReceiver();
  const env = { CRM_WEBHOOK_URL: receiver.url, CRM_WEBHOOK_SECRET: webhookSecret };
  const services = await testServices(env);
  const database = services.config.database;
  const child = spawn(process.execPath, ['src/worker.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.kind === 'sqlite' ? `sqlite:${database.path}` : database.url,
      ...fastDelivery,
      ...env,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const run: WorkerRun = {
    receiver,
    services,
    child,
    output: () => output,
    async terminate() {
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      return code;
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await closeServices(services);
      await receiver.close();
    },
  };
  try {
    await waitFor('ready line', () => output.includes('agentsite worker ready'));
  } catch (error) {
    await run.close();
    throw error;
  }
  return run;
}

/** Queues two enquiries for the webhook and waits until the worker process delivered both. */
async function deliverTwo(run: WorkerRun): Promise<void> {
  const references = [await addEnquiry(run.services, ['webhook']), await addEnquiry(run.services, ['webhook'])];
  await waitFor('delivered by the worker process', async () =>
    (await deliveriesFor(run.services))
      .filter((d) => references.includes(d.enquiry_reference))
      .every((d) => d.state === 'delivered'),
  );
  assert.equal(run.receiver.seen.size, 2);
}

describe('npm run worker', () => {
  it('delivers queued enquiries from its own process and exits cleanly on SIGTERM', async () => {
    const run = await startWorkerProcess();
    try {
      assert.match(run.output(), /delivering to webhook/);
      assert.doesNotMatch(run.output(), /metrics/, 'no METRICS_PORT, no metrics listener');
      await deliverTwo(run);
      assert.equal(await run.terminate(), 0);
    } finally {
      await run.close();
    }
  });

  it('serves the delivery attempts it made on METRICS_PORT and closes that listener on SIGTERM', async () => {
    const run = await startWorkerProcess({ METRICS_PORT: '0' });
    try {
      const port = Number(/metrics listening .*:(\d+)/.exec(run.output())?.[1]);
      assert.ok(port > 0, `the ready line names the metrics port: ${run.output()}`);
      await deliverTwo(run);
      const text = await scrapeMetrics(port);
      const delivered = sample(
        text,
        'agentsite_delivery_attempts_total{target="webhook",state="delivered",attempt="1"}',
      );
      assert.ok(
        delivered !== undefined && delivered >= 1,
        `delivered attempts are counted in the worker process:\n${text}`,
      );
      assert.equal(sample(text, 'agentsite_deliveries{target="webhook",state="delivered"}'), 2);
      assert.equal(await run.terminate(), 0);
      await assert.rejects(fetch(`http://127.0.0.1:${port}/metrics`), 'the metrics listener is gone after SIGTERM');
    } finally {
      await run.close();
    }
  });
});
