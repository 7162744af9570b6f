// A site's delivery state on its overview (SITES_DIR): its deliveries per target and state, the
// queued ones (oldest due first, with the error of their last attempt) and those given up (newest
// first). Rows carry ids and errors only, never the enquiry's text or sender.
import { concatHtml, html, type Html } from '../../kernel/html-template.ts';
import type { DeliveryRow } from '../../store/schema.ts';
import type { TargetStates } from '../../store/site-figures.ts';
import { type Column, table, tiles } from './layout.ts';

const rowColumns = (when: Column<DeliveryRow>): Column<DeliveryRow>[] => [
  { title: 'Delivery', value: (r) => r.id },
  { title: 'Enquiry', value: (r) => r.enquiry_reference },
  { title: 'Target', value: (r) => r.target },
  { title: 'Attempts', value: (r) => r.attempts, numeric: true },
  when,
  { title: 'Last error', value: (r) => r.last_error ?? '–', wrap: true },
];

export function deliveryCard(
  states: readonly TargetStates[],
  queued: readonly DeliveryRow[],
  failed: readonly DeliveryRow[],
): Html {
  const sum = (pick: (s: TargetStates) => number): number => states.reduce((total, s) => total + pick(s), 0);
  const byTarget = table(
    'Deliveries per target',
    [
      { title: 'Target', value: (r) => r.target },
      { title: 'Queued', value: (r) => r.pending, numeric: true },
      { title: 'Given up', value: (r) => r.failed, numeric: true },
      { title: 'Delivered', value: (r) => r.delivered, numeric: true },
    ],
    [...states],
    'No delivery yet.',
  );
  const queuedTable = table(
    'Queued deliveries, oldest due first',
    rowColumns({ title: 'Next attempt', value: (r) => r.next_attempt_at }),
    [...queued],
    'None queued.',
  );
  const failedTable = table(
    'Deliveries given up, newest first',
    rowColumns({ title: 'Given up at', value: (r) => r.updated_at }),
    [...failed],
    'None given up.',
  );
  return concatHtml(
    html`<section class="card" aria-labelledby="deliveries"><h2 id="deliveries">Delivery state</h2>`,
    tiles([
      ['Queued', sum((s) => s.pending)],
      ['Given up', sum((s) => s.failed)],
      ['Delivered', sum((s) => s.delivered)],
    ]),
    byTarget,
    html`<h3>Queued</h3>`,
    queuedTable,
    html`<h3>Given up</h3>`,
    failedTable,
    html`<p class="note">Counts of every delivery kept, whatever the date range. <code>npx agentsite retry &lt;dlv_…&gt;</code> (or <code>--all</code>) queues deliveries given up again.</p></section>`,
  );
}
