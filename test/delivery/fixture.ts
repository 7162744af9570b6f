// Services on a fresh test database with delivery knobs turned down so retries take milliseconds,
// plus a way to add enquiries (with their outbox rows) the way the enquiry path does.
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../src/config/config.ts';
import { createServices, type Services } from '../../src/app/services.ts';
import { enqueueDeliveries } from '../../src/store/outbox.ts';
import type { DeliveryRow } from '../../src/store/schema.ts';
import { freshDatabaseUrl } from '../helpers/app.ts';

/** Short delays for tests; production defaults are in src/config/config.ts. */
export const fastDelivery: Record<string, string> = {
  DELIVERY_POLL_MS: '50',
  DELIVERY_BASE_DELAY_MS: '50',
  DELIVERY_MAX_DELAY_MS: '200',
  DELIVERY_TIMEOUT_MS: '2000',
  DELIVERY_LEASE_MS: '3000',
  DELIVERY_SHUTDOWN_MS: '1000',
  DELIVERY_MAX_ATTEMPTS: '5',
};

export async function testServices(env: Record<string, string> = {}): Promise<Services> {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: await freshDatabaseUrl(), ...fastDelivery, ...env });
  return createServices(config);
}

export interface EnquiryFields {
  fromName?: string;
  fromEmail?: string;
  organization?: string | null;
  message?: string;
  receivedAt?: Date;
  /** With SITES_DIR, the site's key (its folder's name); the single site's is "". */
  site?: string;
}

/** Commits an enquiry and one pending delivery per target in one transaction; returns its reference. */
export async function addEnquiry(
  services: Services,
  targets: readonly string[],
  fields: EnquiryFields = {},
): Promise<string> {
  const reference = `enq_${randomBytes(8).toString('hex')}`;
  const receivedAt = fields.receivedAt ?? new Date();
  await services.store.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('enquiries')
      .values({
        site: fields.site ?? '',
        reference,
        received_at: receivedAt.toISOString(),
        kind: 'enquiry',
        topic: 'general',
        channel: 'rest',
        from_name: fields.fromName ?? 'Ada Lovelace',
        from_email: fields.fromEmail ?? 'ada@example.com',
        organization: fields.organization === undefined ? 'Analytical Engines Ltd' : fields.organization,
        message: fields.message ?? 'We would like to talk about pipeline growth.',
        agent_id: null,
        erased_at: null,
      })
      .execute();
    await enqueueDeliveries(trx, fields.site ?? '', reference, targets, receivedAt);
  });
  return reference;
}

export async function deliveriesFor(services: Services, reference?: string): Promise<DeliveryRow[]> {
  let query = services.store.db.selectFrom('deliveries').selectAll();
  if (reference) query = query.where('enquiry_reference', '=', reference);
  return query.orderBy('created_at').orderBy('id').execute();
}
