// SIGTERM on the server process: in-flight deliveries finish within DELIVERY_SHUTDOWN_MS; what is
// still running after that is aborted and its lease handed back for the next worker.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config/config.ts';
import { openStore } from '../../src/store/store.ts';
import { freshDatabaseUrl } from '../helpers/app.ts';
import { startInstance } from '../helpers/instances.ts';
import { startWebhookReceiver, waitFor, webhookSecret } from './doubles.ts';
import { sampleEnquiry, submitEnquiry } from './submit.ts';

async function sigtermWhileSending(receiverDelayMs: number, shutdownMs: number) {
  const receiver = await startWebhookReceiver();
  receiver.delayMs = receiverDelayMs;
  const databaseUrl = await freshDatabaseUrl();
  const instance = await startInstance({
    DATABASE_URL: databaseUrl,
    CRM_WEBHOOK_URL: receiver.url,
    CRM_WEBHOOK_SECRET: webhookSecret,
    DELIVERY_SHUTDOWN_MS: String(shutdownMs),
    DELIVERY_TIMEOUT_MS: '10000',
    DELIVERY_LEASE_MS: '30000',
  });
  try {
    const response = await submitEnquiry(instance.baseUrl, sampleEnquiry);
    assert.equal(response.status, 202);
    const { reference } = (await response.json()) as { reference: string };
    await waitFor('the send under way', () => receiver.openRequests > 0);
    const begun = Date.now();
    instance.process.kill('SIGTERM');
    const [code] = await once(instance.process, 'exit');
    const tookMs = Date.now() - begun;
    const store = await openStore(loadConfig({ DATABASE_URL: databaseUrl }).database);
    try {
      const delivery = await store.db
        .selectFrom('deliveries')
        .selectAll()
        .where('enquiry_reference', '=', reference)
        .executeTakeFirstOrThrow();
      return { code, tookMs, delivery, seen: receiver.seen.size };
    } finally {
      await store.close();
    }
  } finally {
    await instance.stop();
    await receiver.close();
  }
}

describe('graceful shutdown of deliveries', () => {
  it('lets an in-flight delivery finish and record itself before the process exits', async () => {
    const result = await sigtermWhileSending(500, 5_000);
    assert.equal(result.code, 0);
    assert.equal(result.delivery.state, 'delivered');
    assert.equal(result.seen, 1);
  });

  it('gives up on a send still running after the bound and releases its lease', async () => {
    const result = await sigtermWhileSending(5_000, 300);
    assert.equal(result.code, 0);
    assert.ok(result.tookMs < 3_000, `exited after ${result.tookMs} ms`);
    assert.equal(result.delivery.state, 'pending');
    assert.equal(result.delivery.lease_owner, null, 'lease released for the next worker');
  });
});
