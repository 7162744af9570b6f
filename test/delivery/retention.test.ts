// RETENTION_DAYS: the worker erases the personal data of delivered enquiries past the period.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startDeliveryWorker } from '../../src/delivery/worker.ts';
import { closeServices } from '../../src/app/services.ts';
import { findEnquiry } from '../../src/store/enquiries.ts';
import { waitFor } from './doubles.ts';
import { addEnquiry, testServices } from './fixture.ts';

describe('retention', () => {
  it('lets the worker purge delivered enquiries older than RETENTION_DAYS when it starts', async () => {
    const services = await testServices({ RETENTION_DAYS: '30' });
    try {
      const old = await addEnquiry(services, [], { receivedAt: new Date(Date.now() - 31 * 86_400_000) });
      const fresh = await addEnquiry(services, [], { receivedAt: new Date(Date.now() - 29 * 86_400_000) });
      const worker = startDeliveryWorker(services);
      await waitFor('purged', async () => (await findEnquiry(services.store.db, old))?.erased_at != null);
      await worker.stop();
      const purged = (await findEnquiry(services.store.db, old))!;
      assert.deepEqual(
        [purged.from_name, purged.from_email, purged.organization, purged.message],
        [null, null, null, null],
      );
      assert.equal((await findEnquiry(services.store.db, fresh))!.erased_at, null);
    } finally {
      await closeServices(services);
    }
  });

  it('is off by default', async () => {
    const services = await testServices();
    try {
      assert.equal(services.config.retentionDays, 0);
    } finally {
      await closeServices(services);
    }
  });
});
