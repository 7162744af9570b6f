// The operator CLI as operators run it: a separate process on the same database as the worker.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startWebhookReceiver, waitFor, webhookSecret } from '../delivery/doubles.ts';
import { addEnquiry, deliveriesFor } from '../delivery/fixture.ts';
import { useRunningWorker } from '../delivery/worker-suite.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dayMs = 86_400_000;
const systemNode = '/usr/bin/node';

describe('operator CLI', () => {
  const suite = useRunningWorker(startWebhookReceiver, (receiver) => ({
    CRM_WEBHOOK_URL: receiver.url,
    CRM_WEBHOOK_SECRET: webhookSecret,
  }));

  async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return run(process.execPath, args);
  }

  async function run(node: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const database = suite.services.config.database;
    const env = {
      ...process.env,
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.kind === 'sqlite' ? `sqlite:${database.path}` : database.url,
    };
    try {
      const { stdout, stderr } = await promisify(execFile)(node, ['bin/agentsite.js', ...args], { cwd: root, env });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  const stateOf = async (reference: string): Promise<string | undefined> =>
    (await deliveriesFor(suite.services, reference))[0]?.state;

  it('retries a dead delivery, which the running worker then delivers', async () => {
    suite.target.status = 400;
    const reference = await addEnquiry(suite.services, ['webhook']);
    suite.services.deliverySignal.notify();
    await waitFor('dead', async () => (await stateOf(reference)) === 'dead');
    const dead = await cli('deliveries', '--state', 'dead');
    assert.equal(dead.code, 0);
    assert.match(dead.stdout, new RegExp(`${reference}.*webhook.*dead.*HTTP 400`));
    suite.target.status = 200;
    const [delivery] = await deliveriesFor(suite.services, reference);
    const retried = await cli('retry', delivery!.id);
    assert.equal(retried.code, 0);
    assert.match(retried.stdout, /1 dead deliveries queued again/);
    await waitFor('delivered', async () => (await stateOf(reference)) === 'delivered');
    assert.equal(suite.target.seen.get(delivery!.id), 1);
    const [delivered] = await deliveriesFor(suite.services, reference);
    assert.equal(delivered!.last_error, null, 'a delivered row no longer carries the error of an earlier attempt');
  });

  it('exits 1 with a clear line when retry names a delivery or enquiry that does not exist', async () => {
    const missingDelivery = 'dlv_000000000000000000000000';
    const missingEnquiry = 'enq_00000000000000ff';
    const result = await cli('retry', missingDelivery, missingEnquiry);
    assert.equal(result.code, 1);
    assert.match(result.stdout, new RegExp(`^no delivery ${missingDelivery}$`, 'm'));
    assert.match(result.stdout, new RegExp(`^no enquiry ${missingEnquiry} with deliveries$`, 'm'));
    const malformed = await cli('retry', 'not-an-id');
    assert.equal(malformed.code, 2);
    assert.match(malformed.stderr, /not "not-an-id"/);
  });

  it('lists enquiries by state and shows one with its deliveries', async () => {
    const reference = await addEnquiry(suite.services, ['webhook']);
    suite.services.deliverySignal.notify();
    await waitFor('delivered', async () => (await stateOf(reference)) === 'delivered');
    const listed = await cli('enquiries', '--state', 'delivered', '--json');
    assert.ok(
      listed.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
        .some((row) => row.reference === reference),
    );
    assert.doesNotMatch((await cli('enquiries', '--state', 'pending')).stdout, new RegExp(reference));
    const shown = await cli('show', reference);
    assert.equal(shown.code, 0);
    const body = JSON.parse(shown.stdout);
    assert.equal(body.state, 'delivered');
    assert.equal(body.fromEmail, 'ada@example.com');
    assert.equal(body.deliveries[0].target, 'webhook');
    assert.equal((await cli('show', 'enq_0000000000000000')).code, 1);
  });

  it('exports every enquiry as one JSON object per line', async () => {
    const since = new Date(Date.now() - 1_000).toISOString();
    const references = [await addEnquiry(suite.services, []), await addEnquiry(suite.services, [])];
    const exported = await cli('export', '--since', since);
    assert.equal(exported.code, 0);
    const lines = exported.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { reference: string; message: string });
    for (const reference of references) assert.ok(lines.some((line) => line.reference === reference && line.message));
  });

  it('prints what visitors and remote servers wrote without control or bidirectional characters', async () => {
    const hostile = 'x\u001b]0;pwned\u0007 \u009b2J \u202eevil\u2066 \u200fend';
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters that must not reach a terminal.
    const unprintable = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
    const reference = await addEnquiry(suite.services, ['webhook']);
    const db = suite.services.store.db;
    await db
      .updateTable('enquiries')
      .set({ message: `message ${hostile}` })
      .where('reference', '=', reference)
      .execute();
    await db
      .updateTable('deliveries')
      .set({ state: 'dead', last_error: `attempt 1: ${hostile}`, lease_owner: null })
      .where('enquiry_reference', '=', reference)
      .execute();
    const outputs = await Promise.all([
      cli('deliveries', '--state', 'dead'),
      cli('deliveries', '--state', 'dead', '--json'),
      cli('show', reference),
      cli('export'),
      cli('enquiries', '--json'),
    ]);
    for (const { code, stdout } of outputs) {
      assert.equal(code, 0);
      assert.doesNotMatch(stdout, unprintable);
    }
    assert.match(outputs[0]!.stdout, /attempt 1: x\]0;pwned 2J evil end/);
    const shown = JSON.parse(outputs[2]!.stdout) as { message: string; deliveries: { last_error: string }[] };
    assert.deepEqual(
      [shown.message, shown.deliveries[0]!.last_error],
      [`message ${hostile}`, `attempt 1: ${hostile}`],
      'JSON keeps the text, escaped',
    );
    assert.ok(
      outputs[3]!.stdout
        .split('\n')
        .filter(Boolean)
        .some((line) => (JSON.parse(line) as { message: string }).message === `message ${hostile}`),
    );
    // Later tests retry every dead delivery: this one is settled again.
    await db.updateTable('deliveries').set({ state: 'delivered' }).where('enquiry_reference', '=', reference).execute();
  });

  it('exports through npx agentsite and npm run -s cli with nothing but JSON lines on stdout', async () => {
    const reference = await addEnquiry(suite.services, []);
    const database = suite.services.config.database;
    const env = {
      ...process.env,
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.kind === 'sqlite' ? `sqlite:${database.path}` : database.url,
    };
    for (const [command, args] of [
      ['npx', ['agentsite', 'export']],
      ['npm', ['run', '-s', 'cli', '--', 'export']],
    ] as const) {
      const { stdout } = await promisify(execFile)(command, [...args], { cwd: root, env });
      const lines = stdout.split('\n').filter(Boolean);
      assert.ok(lines.length > 0, command);
      const rows = lines.map((line) => JSON.parse(line) as { reference: string });
      assert.ok(
        rows.some((row) => row.reference === reference),
        command,
      );
    }
  });

  it('erases personal data on request and ends the pending deliveries', async () => {
    // No mail server is configured here, so the worker leaves this e-mail delivery pending.
    const reference = await addEnquiry(suite.services, ['email'], { fromName: 'Erase Me' });
    const erased = await cli('erase', reference);
    assert.equal(erased.stdout.trim(), `erased ${reference}`);
    const shown = JSON.parse((await cli('show', reference)).stdout);
    assert.equal(shown.state, 'erased');
    for (const field of ['fromName', 'fromEmail', 'organization', 'message', 'agentId'])
      assert.equal(shown[field], null, field);
    assert.equal(shown.deliveries[0].state, 'dead');
    assert.equal(shown.deliveries[0].last_error, 'enquiry erased before delivery');
    assert.match((await cli('erase', reference)).stdout, /already erased/);
    assert.match(
      (await cli('retry', '--all')).stdout,
      /^0 dead deliveries queued again/m,
      'erased enquiries stay dead',
    );
  });

  it('purges the personal data of delivered enquiries older than the retention period only', async () => {
    const old = new Date(Date.now() - 40 * dayMs);
    const oldDelivered = await addEnquiry(suite.services, [], { receivedAt: old });
    const oldUndelivered = await addEnquiry(suite.services, ['email'], { receivedAt: old });
    const recent = await addEnquiry(suite.services, []);
    const purged = await cli('purge', '--days', '30');
    assert.equal(purged.code, 0);
    const show = async (reference: string) =>
      JSON.parse((await cli('show', reference)).stdout) as { message: string | null };
    assert.equal((await show(oldDelivered)).message, null);
    assert.notEqual((await show(oldUndelivered)).message, null, 'a pending delivery keeps its data');
    assert.notEqual((await show(recent)).message, null);
  });

  it('rejects bad usage with exit code 2 and a hint', async () => {
    for (const args of [['frobnicate'], ['retry'], ['enquiries', '--state', 'lost'], ['show', 'nope'], ['purge']]) {
      const result = await cli(...args);
      assert.equal(result.code, 2, args.join(' '));
      assert.match(result.stderr, /agentsite help/);
    }
  });

  it("runs under an older system Node by handing over to the project's Node 24", {
    skip: !fs.existsSync(systemNode) && 'no system Node',
  }, async () => {
    const result = await run(systemNode, ['deliveries', '--limit', '1']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^id\s+enquiry_reference/);
  });
});
