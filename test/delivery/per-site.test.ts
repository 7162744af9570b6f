// One deployment, many sites: each site's enquiries reach that site's own delivery targets (its
// site.yaml `delivery`, a secret read from the environment), a site without `delivery` uses the
// instance's, and a delivery whose site is not served waits instead of going anywhere.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createServices, closeServices, type Services } from '../../src/app/services.ts';
import { lookAtFolders } from '../../src/app/sites/site-folders.ts';
import { loadConfig } from '../../src/config/config.ts';
import { startDeliveryWorker, type DeliveryWorker } from '../../src/delivery/worker.ts';
import { runInSite } from '../../src/domain/sites/site-scope.ts';
import { insertEnquiry } from '../../src/store/enquiries.ts';
import { freshDatabaseUrl } from '../helpers/app.ts';
import { addSite, makeSitesDir, siteFolders } from '../sites/sites-folder.ts';
import { startMailServer, startWebhookReceiver, waitFor, type MailServer, type Receiver } from './doubles.ts';
import { deliveriesFor, fastDelivery } from './fixture.ts';

/** The variable alpha's site.yaml reads its webhook secret from (`env:`), set by this test alone. */
const alphaSecretVariable = 'PER_SITE_TEST_ALPHA_HOOK_SECRET';
const secret = (name: string) => `whsec_${Buffer.from(`${name}-secret-0123456789abcdef`).toString('base64')}`;
const enquiry = {
  fromName: 'Ada Lovelace',
  fromEmail: 'ada@example.com',
  message: 'We would like to talk about pipeline growth.',
  topic: 'general',
};

/** An enquiry of the site keyed `site` with one webhook delivery, stored as if that site had taken it. */
function insertStranded(services: Services, site: string, reference: string): Promise<void> {
  return insertEnquiry(
    services.store.db,
    {
      site,
      reference,
      received_at: new Date().toISOString(),
      kind: 'enquiry',
      topic: 'general',
      channel: 'rest',
      from_name: 'Ada Lovelace',
      from_email: 'ada@example.com',
      organization: null,
      message: 'Hello',
      agent_id: null,
      key_id: null,
    },
    ['webhook'],
  );
}

describe('delivery per site', () => {
  let alphaHook: Receiver;
  let betaHook: Receiver;
  let instanceHook: Receiver;
  let mail: MailServer;
  let services: Services;
  let worker: DeliveryWorker;

  before(async () => {
    [alphaHook, betaHook, instanceHook, mail] = await Promise.all([
      startWebhookReceiver(secret('alpha')),
      startWebhookReceiver(secret('beta')),
      startWebhookReceiver(secret('instance')),
      startMailServer(),
    ]);
    process.env[alphaSecretVariable] = secret('alpha');
    const sitesDir = makeSitesDir();
    addSite(
      sitesDir,
      'alpha',
      siteFolders.verto,
      `hosts: [alpha.test]\ndelivery:\n  crmWebhook: { url: "${alphaHook.url}", secret: "env:${alphaSecretVariable}" }`,
    );
    addSite(
      sitesDir,
      'beta',
      siteFolders.hafenwerk,
      `hosts: [beta.test]\ndelivery:\n  crmWebhook: { url: "${betaHook.url}", secret: "${secret('beta')}" }\n` +
        '  email: { to: sales@beta.example, from: site@beta.example }',
    );
    addSite(sitesDir, 'gamma', siteFolders.mossgrove, 'hosts: [gamma.test]');
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATABASE_URL: await freshDatabaseUrl(),
      SITES_DIR: sitesDir,
      CRM_WEBHOOK_URL: instanceHook.url,
      CRM_WEBHOOK_SECRET: secret('instance'),
      SMTP_URL: mail.url,
      NOTIFY_EMAIL_TO: 'sales@agency.example',
      NOTIFY_EMAIL_FROM: 'site@agency.example',
      ...fastDelivery,
    });
    services = await createServices(config);
    worker = startDeliveryWorker(services);
  });
  after(async () => {
    await worker.stop();
    await closeServices(services);
    await Promise.all([alphaHook.close(), betaHook.close(), instanceHook.close(), mail.close()]);
    delete process.env[alphaSecretVariable];
  });

  const submit = async (site: string): Promise<string> =>
    (
      await runInSite(site, () =>
        services.enquiries.submit({
          input: enquiry,
          client: `198.51.100.${site.length}`,
          channel: 'rest',
          kind: 'enquiry',
        }),
      )
    ).accepted.reference;
  const delivered = (reference: string) => async () =>
    (await deliveriesFor(services, reference)).every((row) => row.state === 'delivered');
  const references = (receiver: Receiver) => receiver.bodies.map((body) => body.data.reference);

  it("sends each site's enquiries to its own targets only, and a site without `delivery` to the instance's", async () => {
    const alpha = await submit('alpha');
    const beta = await submit('beta');
    const gamma = await submit('gamma');
    assert.deepEqual(
      (await deliveriesFor(services, alpha)).map((row) => [row.site, row.target]),
      [['alpha', 'webhook']],
    );
    assert.deepEqual((await deliveriesFor(services, beta)).map((row) => [row.site, row.target]).sort(), [
      ['beta', 'email'],
      ['beta', 'webhook'],
    ]);
    for (const reference of [alpha, beta, gamma]) await waitFor(`${reference} delivered`, delivered(reference));
    assert.deepEqual(references(alphaHook), [alpha]);
    assert.deepEqual(references(betaHook), [beta]);
    assert.deepEqual(references(instanceHook), [gamma]);
    assert.equal(alphaHook.badSignatures + betaHook.badSignatures + instanceHook.badSignatures, 0);
    const mailTo = (reference: string) => mail.messages.filter((m) => m.raw.includes(reference)).map((m) => m.to);
    assert.deepEqual(mailTo(alpha), []);
    assert.deepEqual(mailTo(beta), [['sales@beta.example']]);
    assert.deepEqual(mailTo(gamma), [['sales@agency.example']]);
  });

  it('keeps the delivery of a site that is not served pending, sending it nowhere', async () => {
    const reference = 'enq_00000000000000aa';
    await insertStranded(services, 'removed', reference);
    services.deliverySignal.notify();
    await waitFor(
      'the worker looked at it',
      async () => (await deliveriesFor(services, reference))[0]!.last_error !== null,
    );
    const [row] = await deliveriesFor(services, reference);
    assert.equal(row!.state, 'pending');
    assert.equal(row!.attempts, 0, 'waiting spends no attempt');
    assert.match(row!.last_error!, /site "removed" is not served/);
    for (const receiver of [alphaHook, betaHook, instanceHook]) assert.ok(!references(receiver).includes(reference));
  });
});

describe('a site’s delivery settings', () => {
  /** What looking at a site whose site.yaml has `delivery` says: the site is not served, and why. */
  const problemOf = async (delivery: string): Promise<{ problem: string | undefined; file: string }> => {
    const sitesDir = makeSitesDir();
    addSite(sitesDir, 'alpha', siteFolders.verto, `hosts: [alpha.test]\ndelivery:\n  ${delivery}`);
    const [look] = await lookAtFolders(sitesDir, new Map());
    assert.equal(look!.site, undefined);
    return { problem: look!.problem, file: path.join(sitesDir, 'alpha', 'site.yaml') };
  };

  it('refuses a value naming an environment variable that is not set, naming the file and the key', async () => {
    const { problem, file } = await problemOf(
      'crmWebhook: { url: "https://crm.example/hook", secret: env:AGENTSITE_TEST_UNSET_SECRET }',
    );
    assert.equal(
      problem,
      `${file}: field "delivery.crmWebhook.secret" names the environment variable AGENTSITE_TEST_UNSET_SECRET, which is not set`,
    );
  });

  it('refuses a webhook on a port fetch refuses, naming the file, the key and the port', async () => {
    const { problem, file } = await problemOf(
      'crmWebhook: { url: "https://crm.example:6000/hook", secret: whsec_alpha }',
    );
    assert.equal(
      problem,
      `${file}: field "delivery.crmWebhook.url" names port 6000, one fetch refuses (the Fetch standard's blocked ports), so nothing could reach it`,
    );
  });

  it('takes SMTP_URL alone with SITES_DIR: no e-mail of the instance’s own, a server for the sites’', () => {
    const config = loadConfig({ SITES_DIR: makeSitesDir(), SMTP_URL: 'smtp://mail.example:587' });
    assert.equal(config.smtp, undefined);
    assert.equal(config.smtpUrl, 'smtp://mail.example:587');
    assert.throws(() => loadConfig({ SMTP_URL: 'smtp://mail.example:587' }), /NOTIFY_EMAIL_TO is required/);
  });
});

describe('the kinds of delivery claimed with many sites', () => {
  it('claims only the kinds some served site sends through, and follows a site that adds one', async () => {
    const hook = await startWebhookReceiver(secret('later'));
    const sitesDir = makeSitesDir();
    addSite(sitesDir, 'plain', siteFolders.verto, 'hosts: [plain.test]');
    const services = await createServices(
      loadConfig({
        LOG_LEVEL: 'silent',
        DATABASE_URL: await freshDatabaseUrl(),
        SITES_DIR: sitesDir,
        CONTENT_POLL_SECONDS: '1',
        ...fastDelivery,
      }),
    );
    const worker = startDeliveryWorker(services);
    try {
      // A webhook delivery of a site gone meanwhile: no served site sends webhooks, so none claims it.
      const reference = 'enq_00000000000000bb';
      await insertStranded(services, 'gone', reference);
      for (let poll = 0; poll < 5; poll += 1) {
        services.deliverySignal.notify();
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      const [untouched] = await deliveriesFor(services, reference);
      assert.equal(untouched!.last_error, null, 'no worker claimed a kind no site sends through');
      assert.equal(untouched!.lease_owner, null);
      // A site with a webhook of its own: webhook deliveries are claimed again, and one of a site
      // not served waits, looked at but sent nowhere.
      addSite(
        sitesDir,
        'later',
        siteFolders.hafenwerk,
        `hosts: [later.test]\ndelivery:\n  crmWebhook: { url: "${hook.url}", secret: "${secret('later')}" }`,
      );
      await waitFor('the new site served', async () => services.sites!.site('later') !== undefined);
      services.deliverySignal.notify();
      await waitFor(
        'the worker looked at it',
        async () => (await deliveriesFor(services, reference))[0]!.last_error !== null,
      );
      const [looked] = await deliveriesFor(services, reference);
      assert.match(looked!.last_error!, /site "gone" is not served/);
      assert.deepEqual(hook.bodies, []);
    } finally {
      await worker.stop();
      await closeServices(services);
      await hook.close();
    }
  });
});
