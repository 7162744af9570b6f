// Crash safety: enquiries are submitted in a loop while the server process is killed with SIGKILL at
// random moments and restarted. Every reference that got a 202 must end up stored and delivered,
// and after de-duplication by webhook-id (and Message-ID) no receiver has seen one twice.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config/config.ts';
import { openStore } from '../../src/store/store.ts';
import { freshDatabaseUrl } from '../helpers/app.ts';
import { startInstance, type Instance } from '../helpers/instances.ts';
import { startMailServer, startWebhookReceiver, waitFor, webhookSecret } from './doubles.ts';
import { sampleEnquiry, submitEnquiry } from './submit.ts';

const kills = 3;
/** Enquiries accepted before the run is judged: fewer would prove little about crashes. */
const minAccepted = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('delivery across server crashes', () => {
  it('loses no accepted enquiry and delivers each once when the server is SIGKILLed mid-stream', async () => {
    const started = Date.now();
    const receiver = await startWebhookReceiver();
    const mail = await startMailServer();
    receiver.delayMs = 30; // keeps sends in flight, so kills land mid-delivery
    const databaseUrl = await freshDatabaseUrl();
    const env = {
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: 'loopback',
      CRM_WEBHOOK_URL: receiver.url,
      CRM_WEBHOOK_SECRET: webhookSecret,
      SMTP_URL: mail.url,
      NOTIFY_EMAIL_TO: 'sales@agency.test',
      NOTIFY_EMAIL_FROM: 'site@agency.test',
      DELIVERY_POLL_MS: '100',
      DELIVERY_BASE_DELAY_MS: '100',
      DELIVERY_MAX_DELAY_MS: '500',
      DELIVERY_TIMEOUT_MS: '1000',
      DELIVERY_LEASE_MS: '1500',
    };
    const accepted = new Set<string>();
    let attempted = 0;
    let unanswered = 0;
    let outstanding = 0;
    let instance: Instance | undefined;
    let submitting = true;
    const submitter = async (): Promise<void> => {
      while (submitting) {
        const target = instance;
        if (!target) {
          await sleep(20);
          continue;
        }
        attempted += 1;
        outstanding += 1;
        try {
          const response = await submitEnquiry(target.baseUrl, {
            ...sampleEnquiry,
            message: `Crash test enquiry number ${attempted}.`,
          });
          outstanding -= 1;
          if (response.status === 202) accepted.add(((await response.json()) as { reference: string }).reference);
          else await response.body?.cancel();
          await sleep(50); // a steady stream (about 40/s in all), not a flood: the test is about crashes
        } catch {
          outstanding -= 1;
          unanswered += 1;
          await sleep(20); // the server died or is down: no 202, so nothing was promised
        }
      }
    };
    const loops = [submitter(), submitter()];
    try {
      for (let round = 0; round <= kills; round += 1) {
        instance = await startInstance(env);
        if (round === kills) break;
        await sleep(400 + Math.random() * 800);
        // Kill while a submission is in flight, so some die between commit and answer.
        for (let waited = 0; outstanding === 0 && waited < 1_000; waited += 1) await sleep(1);
        const victim = instance;
        instance = undefined;
        victim.process.kill('SIGKILL');
        await victim.stop();
      }
      // The last instance takes submissions until enough were accepted to judge by: on a loaded
      // machine the short lives between kills may have accepted only a few.
      for (let waited = 0; accepted.size < minAccepted && waited < 20_000; waited += 50) await sleep(50);
      await sleep(300);
      submitting = false;
      await Promise.all(loops);

      const store = await openStore(loadConfig({ DATABASE_URL: databaseUrl }).database);
      try {
        await waitFor(
          'every accepted enquiry delivered',
          async () => {
            const pending = await store.db
              .selectFrom('deliveries')
              .select('id')
              .where('state', '!=', 'delivered')
              .execute();
            return pending.length === 0;
          },
          15_000,
        );
        const refs = [...accepted];
        assert.ok(refs.length >= minAccepted, `only ${refs.length} enquiries accepted`);
        const stored = await store.db
          .selectFrom('enquiries')
          .select('reference')
          .where('reference', 'in', refs)
          .execute();
        assert.equal(stored.length, refs.length, 'every 202 is in the store');
        const deliveries = await store.db
          .selectFrom('deliveries')
          .selectAll()
          .where('enquiry_reference', 'in', refs)
          .execute();
        assert.equal(deliveries.length, refs.length * 2, 'one webhook and one e-mail delivery per enquiry');
        assert.ok(deliveries.every((d) => d.state === 'delivered'));

        // De-duplicated by webhook-id, each accepted reference reached the receiver exactly once.
        for (const d of deliveries.filter((row) => row.target === 'webhook')) {
          assert.ok((receiver.seen.get(d.id) ?? 0) >= 1, `${d.enquiry_reference} reached the webhook receiver`);
        }
        const idsPerReference = new Map<string, Set<string>>();
        for (const [id] of receiver.seen) {
          const row = deliveries.find((d) => d.id === id);
          if (row)
            idsPerReference.set(
              row.enquiry_reference,
              (idsPerReference.get(row.enquiry_reference) ?? new Set()).add(id),
            );
        }
        assert.ok(
          [...idsPerReference.values()].every((ids) => ids.size === 1),
          'one webhook-id per reference',
        );
        const messageIds = new Map<string, number>();
        for (const message of mail.messages) {
          const id = /^Message-ID: (.+)$/im.exec(message.raw)?.[1]?.trim() ?? '';
          messageIds.set(id, (messageIds.get(id) ?? 0) + 1);
        }
        for (const d of deliveries.filter((row) => row.target === 'email')) {
          assert.ok(messageIds.has(`<${d.id}@agentsite.invalid>`), `${d.enquiry_reference} reached the inbox`);
        }
        const webhookDuplicates = [...receiver.seen.values()].reduce((sum, count) => sum + count - 1, 0);
        const mailDuplicates = [...messageIds.values()].reduce((sum, count) => sum + count - 1, 0);
        console.log(
          `crash test: ${kills} SIGKILLs, ${attempted} submissions, ${refs.length} accepted, ${unanswered} cut off unanswered, ` +
            `${webhookDuplicates} webhook and ${mailDuplicates} e-mail re-sends removed by de-duplication, ${Date.now() - started} ms`,
        );
      } finally {
        await store.close();
      }
    } finally {
      submitting = false;
      await instance?.stop();
      await Promise.all([receiver.close(), mail.close()]);
    }
  });
});
