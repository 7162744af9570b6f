// The ordered list of migrations. Add a file `NNN-name.ts` and list it here; never edit a shipped one.
import type { Migration, MigrationProvider } from 'kysely/migration';
import * as initial from './001-initial.ts';
import * as secrets from './002-secrets.ts';
import * as epochSecondsBigint from './003-epoch-seconds-bigint.ts';
import * as countersWithoutExpiryIndex from './004-counters-without-expiry-index.ts';
import * as rateLimitJournal from './005-rate-limit-journal.ts';
import * as agentInsight from './006-agent-insight.ts';
import * as a2aTasks from './007-a2a-tasks.ts';
import * as signatureNonces from './008-signature-nonces.ts';
import * as auditReports from './009-audit-reports.ts';
import * as enquiryKeyId from './010-enquiry-key-id.ts';
import * as leases from './011-leases.ts';
import * as originCachePurges from './012-origin-cache-purges.ts';
import * as siteKeys from './013-site-keys.ts';
import * as cardKeysBySite from './014-card-keys-by-site.ts';
import * as cachePurgeSite from './015-cache-purge-site.ts';
import * as deliveriesBySite from './016-deliveries-by-site.ts';

const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-secrets': secrets,
  '003-epoch-seconds-bigint': epochSecondsBigint,
  '004-counters-without-expiry-index': countersWithoutExpiryIndex,
  '005-rate-limit-journal': rateLimitJournal,
  '006-agent-insight': agentInsight,
  '007-a2a-tasks': a2aTasks,
  '008-signature-nonces': signatureNonces,
  '009-audit-reports': auditReports,
  '010-enquiry-key-id': enquiryKeyId,
  '011-leases': leases,
  '012-origin-cache-purges': originCachePurges,
  '013-site-keys': siteKeys,
  '014-card-keys-by-site': cardKeysBySite,
  '015-cache-purge-site': cachePurgeSite,
  '016-deliveries-by-site': deliveriesBySite,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
