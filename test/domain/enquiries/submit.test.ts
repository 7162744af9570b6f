import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../../src/config/config.ts';
import { AppError } from '../../../src/kernel/errors.ts';
import { closeServices, createServices, type Services } from '../../../src/app/services.ts';
import { freshDatabaseUrl } from '../../helpers/app.ts';
import { awayFromMinuteBoundary } from '../../helpers/rate-windows.ts';

const valid = {
  fromName: 'Ada Lovelace',
  fromEmail: 'ada@example.com',
  message: 'We would like to talk about pipeline.',
};

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof AppError);
    return error;
  }
  assert.fail('expected an AppError');
}

describe('the enquiry path', () => {
  let services: Services;
  before(async () => {
    services = await createServices(
      loadConfig({
        LOG_LEVEL: 'silent',
        DATABASE_URL: await freshDatabaseUrl(),
        CRM_WEBHOOK_URL: 'http://127.0.0.1:2/hook',
        CRM_WEBHOOK_SECRET: 'whsec_dGVzdA==',
      }),
    );
  });
  after(() => closeServices(services));

  it('commits the enquiry with one pending delivery per configured target', async () => {
    const result = await services.enquiries.submit({
      input: valid,
      client: '192.0.2.1',
      channel: 'rest',
      kind: 'enquiry',
    });
    assert.match(result.accepted.reference, /^enq_[0-9a-f]{16}$/);
    assert.equal(result.replayed, false);
    const row = await services.store.db
      .selectFrom('enquiries')
      .selectAll()
      .where('reference', '=', result.accepted.reference)
      .executeTakeFirstOrThrow();
    assert.equal(row.topic, 'general');
    assert.equal(row.channel, 'rest');
    const deliveries = await services.store.db
      .selectFrom('deliveries')
      .selectAll()
      .where('enquiry_reference', '=', result.accepted.reference)
      .execute();
    assert.deepEqual(
      deliveries.map((d) => [d.target, d.state, d.attempts]),
      [['webhook', 'pending', 0]],
    );
    assert.match(deliveries[0]!.id, /^dlv_[0-9a-f]+$/);
  });

  it('files an assessment request under the assessment topic when no topic is given', async () => {
    const result = await services.enquiries.submit({
      input: valid,
      client: '192.0.2.2',
      channel: 'mcp',
      kind: 'assessment',
    });
    const row = await services.store.db
      .selectFrom('enquiries')
      .selectAll()
      .where('reference', '=', result.accepted.reference)
      .executeTakeFirstOrThrow();
    assert.deepEqual([row.kind, row.topic, row.channel], ['assessment', 'assessment', 'mcp']);
  });

  it('trims strings before checking lengths and lists every failing field', async () => {
    const error = await rejection(
      services.enquiries.submit({
        input: { fromName: '   ', fromEmail: 5, message: ' short ', extra: 1 },
        client: '192.0.2.3',
        channel: 'rest',
        kind: 'enquiry',
      }),
    );
    assert.equal(error.code, 'invalid_request');
    assert.deepEqual(error.fieldErrors.map((e) => e.field).sort(), ['extra', 'fromEmail', 'fromName', 'message']);
  });

  it('replays an identical request with the same key and refuses a different body', async () => {
    const request = {
      input: valid,
      client: '192.0.2.4',
      channel: 'rest' as const,
      kind: 'enquiry' as const,
      idempotencyKey: 'k-1',
    };
    const first = await services.enquiries.submit(request);
    const again = await services.enquiries.submit({
      ...request,
      input: { message: valid.message, fromEmail: valid.fromEmail, fromName: valid.fromName },
    });
    assert.equal(again.replayed, true);
    assert.deepEqual(again.accepted, first.accepted);
    const error = await rejection(services.enquiries.submit({ ...request, input: { ...valid, topic: 'press' } }));
    assert.equal(error.code, 'idempotency_conflict');
  });

  it('refuses the sixth enquiry in a minute with a retry delay', async () => {
    // Its budget is a clock minute's: the minute must not turn between spending it and the refusal.
    await awayFromMinuteBoundary();
    for (let i = 0; i < 5; i++)
      await services.enquiries.submit({ input: valid, client: '192.0.2.5', channel: 'form', kind: 'enquiry' });
    const error = await rejection(
      services.enquiries.submit({ input: valid, client: '192.0.2.5', channel: 'mcp', kind: 'enquiry' }),
    );
    assert.equal(error.code, 'rate_limited');
    assert.ok(error.retryAfter !== undefined && error.retryAfter >= 1 && error.retryAfter <= 60);
  });
});
