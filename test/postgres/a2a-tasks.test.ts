// Two instances on one PostgreSQL database, as behind a load balancer: a task created through one
// is read back through the other (GetTask and ListTasks, 1.0 and 0.3 clients, JSON-RPC and
// HTTP+JSON), a message retried against the other instance gets the same task and one enquiry,
// and an id the client was not given is TaskNotFoundError there too.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ClientFactory, ClientFactoryOptions, type Client } from '@a2a-js/sdk/client';
import { LegacyJsonRpcTransport } from '@a2a-js/sdk/compat/v0_3/client';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { freshPostgresUrl } from '../helpers/postgres.ts';
import { ask, call, clientFor, listedTaskIds, resultOf, send } from '../a2a/agent.ts';

describe('A2A tasks shared by two instances on one PostgreSQL database', () => {
  let first: TestApp;
  let second: TestApp;
  let onFirst: Client;
  let onSecond: Client;
  before(async () => {
    const url = await freshPostgresUrl();
    [first, second] = await Promise.all([startTestApp({ DATABASE_URL: url }), startTestApp({ DATABASE_URL: url })]);
    [onFirst, onSecond] = await Promise.all([clientFor(first), clientFor(second)]);
  });
  after(() => Promise.all([first.stop(), second.stop()]));

  it('reads a task created on one instance through the other, on every binding and version', async () => {
    const task = await send(onFirst, ask('fintech case studies'));
    const read = await onSecond.getTask({ id: task.id, tenant: '', historyLength: undefined });
    assert.deepEqual(resultOf(read), resultOf(task));
    assert.deepEqual(await listedTaskIds(onSecond, task.contextId), [task.id]);
    const restOptions = ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      preferredTransports: ['HTTP+JSON'],
    });
    const rest = await new ClientFactory(restOptions).createFromUrl(second.baseUrl);
    assert.equal((await rest.getTask({ id: task.id, tenant: '', historyLength: undefined })).id, task.id);
    const legacy = new LegacyJsonRpcTransport({ endpoint: `${second.baseUrl}/a2a` });
    assert.equal((await legacy.getTask({ id: task.id, tenant: '', historyLength: undefined })).id, task.id);
    await assert.rejects(onSecond.getTask({ id: crypto.randomUUID(), tenant: '', historyLength: undefined }), {
      name: 'TaskNotFoundError',
    });
  });

  it('answers a message retried on the other instance with the same task, and records one enquiry', async () => {
    const request = call('service_send_enquiry', {
      fromName: 'Ada Lovelace',
      fromEmail: 'ada@example.com',
      message: 'Please contact me about account-based marketing.',
    });
    const task = await send(onFirst, request);
    const retried = await send(onSecond, request);
    assert.equal(retried.id, task.id);
    const { n } = await first.app.services.store.db
      .selectFrom('enquiries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(Number(n), 1);
  });

  it('forgets a task on every instance once its retention has passed', async () => {
    const task = await send(onFirst, ask('seo'));
    await second.app.services.tasks.purge(new Date(Date.now() + 25 * 3_600_000));
    await assert.rejects(onFirst.getTask({ id: task.id, tenant: '', historyLength: undefined }), {
      name: 'TaskNotFoundError',
    });
  });
});
