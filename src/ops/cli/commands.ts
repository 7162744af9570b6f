import { enquiryFields } from '../../delivery/payload.ts';
import { printableJson } from '../../kernel/printable-text.ts';
import { purgeExpired } from '../../delivery/retention.ts';
import { findEnquiry } from '../../store/enquiries.ts';
import { eraseEnquiry } from '../../store/personal-data.ts';
import {
  deliveriesOf,
  deliveryStates,
  enquiryPage,
  enquiryState,
  enquiryStates,
  listDeliveries,
  listEnquiries,
  retryDead,
  type DeliveryState,
  type EnquiryState,
} from '../../store/operator.ts';
import type { EnquiryRow } from '../../store/schema.ts';
import type { Store } from '../../store/store.ts';
import { cachePurgePollMs } from '../../config/front.ts';
import { cardKeysRefreshMs } from '../../domain/card-signing/card-keys.ts';
import { retiredKeyOverlapDays } from '../../domain/card-signing/key-set.ts';
import { cacheCommand } from './cache.ts';
import { cardKeysCommand } from './card-keys.ts';
import { reportCommand } from './report.ts';
import { siteColumn, siteOption } from './site-files.ts';
import { table } from './table.ts';
import { UsageError, type CommandContext } from './command-context.ts';

export { UsageError };

type Command = (context: CommandContext) => Promise<number>;

export const usage = `Usage: agentsite <command> [options]   (DATABASE_URL selects the database)
                              a SQLite file that does not exist is refused; --create makes it

  enquiries [--state pending|dead|delivered|erased] [--limit N] [--json] [--site <host>]
                              list enquiries, newest first (default limit 50)
  deliveries [--state pending|delivered|dead] [--limit N] [--json] [--site <host>]
                              list deliveries with attempts and last error;
                              with SITES_DIR --site keeps to one site's (a host or its folder)
  show <enq_…>                one enquiry with its deliveries, as JSON
  retry <dlv_…|enq_…>… | --all
                              put dead deliveries back in the queue with a fresh attempt budget
  export [--since <date>]     every enquiry as one JSON object per line, oldest first
  erase <enq_…>               erase an enquiry's personal data (pending deliveries end as dead)
  purge [--days N]            erase personal data of delivered enquiries older than N days
                              (default RETENTION_DAYS; the worker also does this hourly when set)
  report [--since 7d] [--format table|csv|json] [--site <host>]
                              agent insight: traffic by caller, searches and asks, enquiries
                              (the dashboard's figures) for the last N days, today included;
                              with SITES_DIR of one site (--site) or of every site summed
  card-keys [rotate] [--site <host>] [--json]
                              list the keys that sign the A2A agent card; rotate makes a new one
                              (instances sign with it within about ${cardKeysRefreshMs / 1000} s; the old public key
                              stays in the card's JWKS for ${retiredKeyOverlapDays} days); with SITES_DIR each
                              site has its own keys: --site names the site (a host or its folder),
                              and a list without it shows every site's
  cache purge [<path>] [--site <host>]
                              front mode: drop the origin's answers kept in the HTTP cache, all
                              or those of one path, of every site or of one (SITES_DIR), on every
                              instance (within about ${cachePurgePollMs / 1000} s)
  audit <url> [--format table|markdown|json] [--fail-under <score>] [--language en|de]
                              agent-readiness audit of any site (needs no database); exit 0
                              when no check fails, 1 when one does (with --fail-under: when the
                              score is below it), 2 on a bad URL or option or no answer;
                              --language writes the findings and the markdown in that language
  init <folder>               start a new agency's content folder from the starter content
                              (no database; see docs/content.md)
  import <url> --out <folder> [--max-pages N] [--time-limit SECONDS]
                              read an agency's live site into a content folder (no database;
                              see docs/import.md); exit 1 when pages failed, 2 on a bad URL or no answer
  sites add <host> [--import <url>] [--origin <url>]
                              SITES_DIR: a new site for <host>, from the starter content or
                              imported from <url>; --origin puts it in front of that site
  sites list                  SITES_DIR: every site with its hosts, origin, pages and gaps
  sites remove <host>         SITES_DIR: the host leaves its site; a site left with no host has
                              its folder moved into SITES_DIR/.removed/ (no database for sites)
`;

const reference = /^enq_[0-9a-f]{16}$/;
const deliveryId = /^dlv_[0-9a-f]{24}$/;

/** The delivery ids and enquiry references among `selectors` that match no delivery at all. */
async function unknownSelectors(store: Store, selectors: readonly string[]): Promise<string[]> {
  if (selectors.length === 0) return [];
  const rows = await store.db
    .selectFrom('deliveries')
    .select(['id', 'enquiry_reference'])
    .where((eb) => eb.or([eb('id', 'in', selectors), eb('enquiry_reference', 'in', selectors)]))
    .execute();
  const known = new Set(rows.flatMap((row) => [row.id, row.enquiry_reference]));
  return selectors.filter((selector) => !known.has(selector));
}

export const commands: Record<string, Command> = {
  report: reportCommand(UsageError),
  'card-keys': cardKeysCommand(UsageError),
  cache: cacheCommand(UsageError),

  async enquiries({ config, store, options, out }) {
    const state = oneOf(options.state, enquiryStates, '--state') as EnquiryState | undefined;
    const site = await siteOption(config, options.site);
    const rows = await listEnquiries(store.db, state, limit(options.limit), site);
    if (options.json) for (const row of rows) out(printableJson(row));
    else out(table([...siteColumn(config), 'reference', 'received_at', 'state', 'channel', 'topic'], rows));
    return 0;
  },

  async deliveries({ config, store, options, out }) {
    const state = oneOf(options.state, deliveryStates, '--state') as DeliveryState | undefined;
    const site = await siteOption(config, options.site);
    const rows = await listDeliveries(store.db, state, limit(options.limit), site);
    if (options.json) for (const row of rows) out(printableJson(row));
    else
      out(
        table(
          [
            ...siteColumn(config),
            'id',
            'enquiry_reference',
            'target',
            'state',
            'attempts',
            'next_attempt_at',
            'last_error',
          ],
          rows,
        ),
      );
    return 0;
  },

  async show({ store, args, out }) {
    const ref = args[0];
    if (!ref || !reference.test(ref)) throw new UsageError('show needs an enquiry reference (enq_ and 16 hex digits)');
    const enquiry = await findEnquiry(store.db, ref);
    if (!enquiry) {
      out(`no enquiry ${ref}`);
      return 1;
    }
    const deliveries = await deliveriesOf(store.db, ref);
    out(printableJson({ ...exported(enquiry), state: enquiryState(enquiry, deliveries), deliveries }, 2));
    return 0;
  },

  async retry({ store, args, options, out }) {
    if (args.length === 0 && !options.all)
      throw new UsageError('retry needs delivery ids or enquiry references, or --all');
    if (args.length > 0 && options.all) throw new UsageError('retry takes either ids or --all, not both');
    const malformed = args.find((arg) => !deliveryId.test(arg) && !reference.test(arg));
    if (malformed !== undefined)
      throw new UsageError(
        `retry takes delivery ids (dlv_…) and enquiry references (enq_ and 16 hex digits), not "${malformed.slice(0, 60)}"`,
      );
    const unknown = await unknownSelectors(store, args);
    const ids = await retryDead(store.db, args);
    for (const id of ids) out(`queued ${id}`);
    for (const arg of unknown) out(arg.startsWith('dlv_') ? `no delivery ${arg}` : `no enquiry ${arg} with deliveries`);
    out(`${ids.length} dead deliveries queued again`);
    // Naming something that does not exist is a mistake the caller must see, even if others were queued.
    return unknown.length > 0 ? 1 : 0;
  },

  async export({ store, options, out }) {
    const since = options.since === undefined ? undefined : new Date(options.since);
    if (since && Number.isNaN(since.getTime())) throw new UsageError('--since must be a date, e.g. 2026-01-31');
    let after = since ? { receivedAt: since.toISOString(), reference: '' } : undefined;
    for (;;) {
      const page = await enquiryPage(store.db, after, 500);
      for (const row of page) out(printableJson(exported(row)));
      const last = page.at(-1);
      if (!last || page.length < 500) return 0;
      after = { receivedAt: last.received_at, reference: last.reference };
    }
  },

  async erase({ store, args, out }) {
    const ref = args[0];
    if (!ref || !reference.test(ref)) throw new UsageError('erase needs an enquiry reference (enq_ and 16 hex digits)');
    const result = await eraseEnquiry(store.db, ref);
    out(
      result === 'erased'
        ? `erased ${ref}`
        : result === 'already_erased'
          ? `${ref} was already erased`
          : `no enquiry ${ref}`,
    );
    return result === 'not_found' ? 1 : 0;
  },

  async purge({ config, store, options, out }) {
    const days = options.days === undefined ? config.retentionDays : Number(options.days);
    if (!Number.isInteger(days) || days < 1) {
      throw new UsageError('purge needs --days N (a whole number ≥ 1) or RETENTION_DAYS set');
    }
    const count = await purgeExpired({ config: { ...config, retentionDays: days }, store });
    out(`${count} delivered enquiries older than ${days} days erased`);
    return 0;
  },
};

/** The export and show shape: the API's field names, personal data included (null once erased). */
function exported(row: EnquiryRow): Record<string, unknown> {
  return { ...enquiryFields(row), erasedAt: row.erased_at };
}

function oneOf(value: string | undefined, allowed: readonly string[], name: string): string | undefined {
  if (value !== undefined && !allowed.includes(value))
    throw new UsageError(`${name} must be one of ${allowed.join(', ')}`);
  return value;
}

function limit(value: string | undefined): number {
  if (value === undefined) return 50;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 10_000)
    throw new UsageError('--limit must be 1-10000');
  return Number(value);
}
