// The rate limiter of one instance (SQLite): the shared 300/min budget is counted in memory for
// its whole window (client-count-table.ts, 12 bytes a slot), and every `flushMs` the new counts
// are appended to a journal (one row per window) that start-up replays, so counts survive a
// restart with a slack of at most one flush interval. No row per client is written or read back:
// with a new client on every request (a crawler swarm), a per-client upsert would cost more than
// the request itself. Several instances on PostgreSQL use buffer.ts instead, whose flush returns
// every instance's totals.
import type { Kysely } from 'kysely';
import { throttledWarn } from '../../kernel/log-throttle.ts';
import type { Logger } from '../../kernel/logger.ts';
import { withoutFlushWait } from '../../store/group-commit.ts';
import { currentCounters } from '../../store/rate-limit-batches.ts';
import { appendToJournal, deleteEndedJournal, runningJournal } from '../../store/rate-limit-journal.ts';
import type { Tables } from '../../store/schema.ts';
import { getOrCreateSecret } from '../../store/secrets.ts';
import { ClientCountTable, clientHasher, type ClientHash } from '../client-count-table.ts';
import type { BufferedRateLimiter } from './buffer.ts';
import { routePolicies, type MemoryCounts } from './routing.ts';
import { writeBehind } from '../write-behind.ts';
import {
  counterKeys,
  generalPolicy,
  peekedState,
  stateFrom,
  type RateLimiter,
  type RateLimitState,
  type RatePolicy,
  type RateWindow,
} from './rate-limit.ts';

export interface LocalOptions {
  db: Kysely<Tables>;
  /** The exact limiter for policies that are not counted in memory. */
  exact: RateLimiter;
  logger: Logger;
  onRefused?: (policy: RatePolicy) => void;
  flushMs?: number;
  /** Policies counted in memory; every other policy goes to `exact`. */
  inMemory?: RatePolicy[];
}

/** One window instance (e.g. general-minute starting at 12:00:00) and its counts. */
interface WindowCounts {
  window: RateWindow;
  windowStart: number;
  counts: ClientCountTable;
}

export async function createLocalRateLimiter(options: LocalOptions): Promise<BufferedRateLimiter> {
  const { db, logger } = options;
  const inMemory = new Set(options.inMemory ?? [generalPolicy]);
  const hash = clientHasher(await getOrCreateSecret(db, 'rate-limit-client-hash'));
  const counts = new RunningWindows(inMemory, hash);
  await counts.load(db);
  const warnNotWritten = throttledWarn(logger);
  const writer = writeBehind(() => counts.write(db, warnNotWritten), options.flushMs);
  return {
    ...routePolicies({ memory: counts, exact: options.exact, inMemory, onRefused: options.onRefused }),
    flush: writer.flush,
    close: writer.close,
  };
}

/** The in-memory counts of every running window instance, and their journal. */
class RunningWindows implements MemoryCounts {
  readonly #windows: Map<string, RateWindow>;
  /** Per window, its running instances by start (the current one, and the last until flushed). */
  readonly #running: Map<RateWindow, Map<number, WindowCounts>>;
  readonly #hash: (client: string) => ClientHash;

  constructor(inMemory: ReadonlySet<RatePolicy>, hash: (client: string) => ClientHash) {
    this.#windows = new Map(
      [...inMemory].flatMap((policy) => policy.windows.map((window) => [window.name, window] as const)),
    );
    this.#running = new Map([...this.#windows.values()].map((window) => [window, new Map()]));
    this.#hash = hash;
  }

  /** Replays the journal of the running windows, and counters stored per client before it existed. */
  async load(db: Kysely<Tables>): Promise<void> {
    const names = [...this.#windows.keys()];
    const nowSeconds = Math.floor(Date.now() / 1000);
    for (const entry of await runningJournal(db, names, nowSeconds)) {
      this.#countsOf(this.#windows.get(entry.window)!, entry.windowStart).addSaved(entry.records);
    }
    // Counters the shared limiter stored per client before the journal existed (an upgrade).
    for (const total of await currentCounters(db, names, nowSeconds)) {
      this.#countsOf(this.#windows.get(total.window)!, total.windowStart).add(
        this.#hash(total.client),
        total.count,
        false,
      );
    }
  }

  #countsOf(window: RateWindow, windowStart: number): ClientCountTable {
    const starts = this.#running.get(window)!;
    let found = starts.get(windowStart);
    if (!found) starts.set(windowStart, (found = { window, windowStart, counts: new ClientCountTable() }));
    return found.counts;
  }

  take(policy: RatePolicy, client: string, now: Date): RateLimitState {
    const keys = counterKeys(policy, client, now);
    const key = this.#hash(client);
    const tables = keys.map((k, i) => this.#countsOf(policy.windows[i]!, k.windowStart));
    // One probe per window (each table is its own), whether the request is counted or refused.
    const slots = tables.map((table) => table.slot(key));
    let counts = tables.map((table, i) => table.countAt(slots[i]!));
    const allowed = counts.every((count, i) => count < policy.windows[i]!.limit);
    if (allowed) counts = tables.map((table, i) => table.addAt(slots[i]!, 1, true));
    return stateFrom(policy, keys, counts, now, allowed);
  }

  async peek(policy: RatePolicy, client: string, now: Date): Promise<RateLimitState> {
    const keys = counterKeys(policy, client, now);
    const key = this.#hash(client);
    const counts = keys.map(
      (k, i) => this.#running.get(policy.windows[i]!)!.get(k.windowStart)?.counts.count(key) ?? 0,
    );
    return peekedState(policy, keys, counts, now);
  }

  /** Appends the new counts to the journal and drops the windows that ended. */
  async write(db: Kysely<Tables>, warnNotWritten: ReturnType<typeof throttledWarn>): Promise<void> {
    const all = [...this.#running.values()].flatMap((starts) => [...starts.values()]);
    const unsaved = all
      .map((item) => ({ item, records: item.counts.takeUnsaved() }))
      .filter(({ records }) => records.length > 0);
    try {
      const entries = unsaved.map(({ item, records }) => ({
        window: item.window.name,
        windowStart: item.windowStart,
        expiresAt: item.windowStart + item.window.seconds,
        records,
      }));
      // Counts need no flush wait of their own (they may be lost with the power, not with the process).
      await withoutFlushWait(() => appendToJournal(db, entries));
    } catch (error) {
      for (const { item, records } of unsaved) item.counts.restoreUnsaved(records);
      warnNotWritten(
        { err: error, clients: unsaved.reduce((sum, { records }) => sum + records.length / 3, 0) },
        'rate-limit counts not written; retrying at the next flush',
      );
    }
    const nowSeconds = Date.now() / 1000;
    const ended = all.filter((item) => item.windowStart + item.window.seconds <= nowSeconds);
    for (const item of ended) this.#running.get(item.window)!.delete(item.windowStart);
    if (ended.length > 0) await withoutFlushWait(() => deleteEndedJournal(db, Math.floor(nowSeconds))).catch(() => {});
  }
}
