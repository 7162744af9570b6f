// `npm run worker` on its own: a separate process that delivers what the API process queued and
// drains on SIGTERM.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { closeServices } from '../../src/services.ts';
import { startWebhookReceiver, waitFor, webhookSecret } from './doubles.ts';
import { addEnquiry, deliveriesFor, fastDelivery, testServices } from './fixture.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('npm run worker', () => {
  it('delivers queued enquiries from its own process and exits cleanly on SIGTERM', async () => {
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
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      let output = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      await waitFor('ready line', () => output.includes('agentsite worker ready'));
      assert.match(output, /delivering to webhook/);
      const references = [await addEnquiry(services, ['webhook']), await addEnquiry(services, ['webhook'])];
      await waitFor('delivered by the worker process', async () =>
        (await deliveriesFor(services)).filter((d) => references.includes(d.enquiry_reference)).every((d) => d.state === 'delivered'));
      assert.equal(receiver.seen.size, 2);
      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      assert.equal(code, 0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await closeServices(services);
      await receiver.close();
    }
  });
});
