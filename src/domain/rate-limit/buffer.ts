// The rate limiter of several instances sharing PostgreSQL, for the high-volume shared budget
// (300/min on health, case studies and other /agent/* reads): counts live in memory and are written
// behind to the database in one batched upsert every `flushMs`, so a GET costs no database round
// trip. Each flush returns the totals of all instances, and start-up preloads running windows, so
// counts are shared and survive restarts with a slack of at most one flush interval. One instance
// (SQLite) uses local.ts, which writes no row per client. Other policies (contact:
// 5/min, 50/day) stay exact: they go to the database limiter, one conditional upsert per enquiry.
import type { Kysely } from 'kysely';
import { throttledWarn } from '../../kernel/log-throttle.ts';
import type { Logger } from '../../kernel/logger.ts';
import { withoutFlushWait } from '../../store/group-commit.ts';
import type { Tables } from '../../store/schema.ts';
import { deleteExpiredCounters } from '../../store/rate-limits.ts';
import { addToCounters, currentCounters, rowsPerStatement } from '../../store/rate-limit-batches.ts';
import { routePolicies, type MemoryCounts } from './routing.ts';
import { writeBehind, type WriteBehind } from '../write-behind.ts';
import {
  counterKeys,
  generalPolicy,
  peekedState,
  stateFrom,
  type RateLimiter,
  type RateLimitState,
  type RatePolicy,
} from './rate-limit.ts';

export interface BufferedRateLimiter extends RateLimiter {
  /** Writes pending counts now (also runs every flushMs). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is pending. */
  close(): Promise<void>;
}

export interface BufferOptions {
  db: Kysely<Tables>;
  /** The exact limiter for policies that are not buffered. */
  exact: RateLimiter;
  logger: Logger;
  onRefused?: (policy: RatePolicy) => void;
  flushMs?: number;
  /** Policies counted in memory; every other policy goes to `exact`. */
  buffered?: RatePolicy[];
  /**
   * Several instances (PostgreSQL): in the last `exactShare` of a window's limit (0.5 = last half),
   * decide on the database total (`exact`) instead of the local count, which misses the other
   * instances' unflushed requests. 0 (default, one instance on SQLite) decides in memory.
   */
  exactShare?: number;
}

interface Entry {
  window: string;
  client: string;
  windowStart: number;
  expiresAt: number;
  /** Total in the database at the last flush (all instances). */
  stored: number;
  /** Counted here, being written by the running flush. */
  writing: number;
  /** Counted here, not yet written. */
  pending: number;
  /** Counted since the previous flush: idle entries are dropped to bound memory. */
  touched: boolean;
  /** At or near its limit: kept until its window ends, or a fresh entry would count from 0 again. */
  pinned: boolean;
  /** The decision on the database total under way for this counter, which the next ones wait for. */
  deciding?: Promise<void>;
}

const purgeEveryMs = 600_000;
/**
 * With exactShare: unflushed requests an instance may hold per counter, as a share of its limit
 * (10 of 300). A burst spread over N instances is admitted at most limit + N x 10 (330 on three):
 * the database refuses every exact decision once its total reaches the limit, and from then on an
 * instance admits locally only until its next write returns that total, which it does holding at
 * most 10 unwritten requests (those it held when the total was reached included). Below the limit
 * at least the limit is admitted. test/postgres/multi-instance.test.ts checks both in 20 bursts.
 */
const unflushedShare = 1 / 30;

export async function createBufferedRateLimiter(options: BufferOptions): Promise<BufferedRateLimiter> {
  const buffered = new Set(options.buffered ?? [generalPolicy]);
  const counters = new SharedCounters(options, buffered);
  await counters.load();
  return {
    ...routePolicies({ memory: counters, exact: options.exact, inMemory: buffered, onRefused: options.onRefused }),
    flush: counters.writer.flush,
    close: counters.writer.close,
  };
}

const entryId = (window: string, client: string, windowStart: number): string =>
  `${window}\u0000${client}\u0000${windowStart}`;
const countOf = (entry: Entry): number => entry.stored + entry.writing + entry.pending;

/** The counters of this instance: what the database holds of all instances, plus what it has not written. */
class SharedCounters implements MemoryCounts {
  readonly #options: BufferOptions;
  readonly #buffered: ReadonlySet<RatePolicy>;
  readonly #exactShare: number;
  readonly #warnNotWritten: ReturnType<typeof throttledWarn>;
  readonly #entries = new Map<string, Entry>();
  #lastPurge = Date.now();
  /** Writes the counts behind, every flushMs and on demand. */
  readonly writer: WriteBehind;

  constructor(options: BufferOptions, buffered: ReadonlySet<RatePolicy>) {
    this.#options = options;
    this.#buffered = buffered;
    this.#exactShare = options.exactShare ?? 0;
    this.#warnNotWritten = throttledWarn(options.logger);
    this.writer = writeBehind(() => this.write(), options.flushMs);
  }

  /** Preloads the running windows' totals, so counts survive a restart. */
  async load(): Promise<void> {
    const windows = [...this.#buffered].flatMap((p) => p.windows);
    const names = windows.map((w) => w.name);
    for (const total of await currentCounters(this.#options.db, names, Math.floor(Date.now() / 1000))) {
      const seconds = windows.find((w) => w.name === total.window)!.seconds;
      this.#entries.set(entryId(total.window, total.client, total.windowStart), {
        ...total,
        expiresAt: total.windowStart + seconds,
        stored: total.count,
        writing: 0,
        pending: 0,
        touched: false,
        pinned: false,
      });
    }
  }

  #entriesOf(policy: RatePolicy, client: string, now: Date): Entry[] {
    return counterKeys(policy, client, now).map((key, i) => {
      const name = entryId(key.window, client, key.windowStart);
      let entry = this.#entries.get(name);
      if (!entry) {
        const expiresAt = key.windowStart + policy.windows[i]!.seconds;
        entry = {
          window: key.window,
          client,
          windowStart: key.windowStart,
          expiresAt,
          stored: 0,
          writing: 0,
          pending: 0,
          touched: false,
          pinned: false,
        };
        this.#entries.set(name, entry);
      }
      return entry;
    });
  }

  take(policy: RatePolicy, client: string, now: Date): RateLimitState | Promise<RateLimitState> {
    const counted = this.#entriesOf(policy, client, now);
    // One decision on the database total at a time per counter: a burst of one client then waits
    // here, in memory, and is mostly refused at once after the first refusal, instead of queueing
    // every request for a database connection, which under load times out and lets them through.
    const deciding = counted.find((entry) => entry.deciding)?.deciding;
    if (deciding) return deciding.then(() => this.take(policy, client, now));
    const allowed = counted.every((entry, i) => countOf(entry) < policy.windows[i]!.limit);
    // Near the limit, or holding many unflushed requests (a burst the other instances cannot see yet).
    const near =
      this.#exactShare > 0 &&
      counted.some((entry, i) => {
        const limit = policy.windows[i]!.limit;
        return (
          countOf(entry) >= limit * (1 - this.#exactShare) || entry.pending + entry.writing >= limit * unflushedShare
        );
      });
    if (allowed && near) return this.#decideExact(policy, client, now, counted);
    if (allowed) {
      for (const entry of counted) {
        entry.pending += 1;
        entry.touched = true;
      }
    } else for (const entry of counted) entry.pinned = true;
    // Entries carry their counter keys, so they are not computed a second time.
    return stateFrom(policy, counted, counted.map(countOf), now, allowed);
  }

  #decideExact(policy: RatePolicy, client: string, now: Date, counted: Entry[]): Promise<RateLimitState> {
    const decision = this.#takeExact(policy, client, now, counted);
    const done = decision.then(
      () => {},
      () => {},
    );
    for (const entry of counted) entry.deciding = done;
    void done.then(() => {
      for (const entry of counted) if (entry.deciding === done) entry.deciding = undefined;
    });
    return decision;
  }

  /** Decides on the database total (all instances), once it holds our own counts too. */
  async #takeExact(policy: RatePolicy, client: string, now: Date, counted: Entry[]): Promise<RateLimitState> {
    // Once the database refuses, the window is full here as well.
    for (const entry of counted) {
      entry.touched = true;
      entry.pinned = true;
    }
    if (counted.some((entry) => entry.pending > 0 || entry.writing > 0)) await this.writer.flushFresh();
    const state = await this.#options.exact.take(policy, client, now);
    // The database counted this request: so does the local total until the next write returns it
    // (else the requests decided here meanwhile would be admitted as if it had not happened).
    if (state.allowed) for (const entry of counted) entry.stored += 1;
    else for (const [i, entry] of counted.entries()) entry.stored = Math.max(entry.stored, policy.windows[i]!.limit);
    return state;
  }

  async peek(policy: RatePolicy, client: string, now: Date): Promise<RateLimitState> {
    const keys = counterKeys(policy, client, now);
    const counted = keys.map((key) => this.#entries.get(entryId(key.window, client, key.windowStart)));
    const counts = counted.map((entry) => (entry ? countOf(entry) : 0));
    return peekedState(policy, keys, counts, now);
  }

  /** Writes the pending counts, takes back every instance's totals, and forgets idle entries. */
  async write(): Promise<void> {
    const dirty = [...this.#entries.values()].filter((entry) => entry.pending > 0);
    for (const entry of dirty) {
      entry.writing = entry.pending;
      entry.pending = 0;
    }
    // One statement per chunk, with a yield between them, keeps each event-loop pause short under load.
    for (let i = 0; i < dirty.length; i += rowsPerStatement) {
      await this.#writeChunk(dirty.slice(i, i + rowsPerStatement));
      if (i + rowsPerStatement < dirty.length) await new Promise((resolve) => setImmediate(resolve));
    }
    const nowSeconds = Date.now() / 1000;
    for (const [name, entry] of this.#entries) {
      const idle = entry.pending === 0 && entry.writing === 0;
      if (idle && ((!entry.touched && !entry.pinned) || entry.expiresAt <= nowSeconds)) this.#entries.delete(name);
      else entry.touched = false;
    }
    if (Date.now() - this.#lastPurge > purgeEveryMs) {
      this.#lastPurge = Date.now();
      await deleteExpiredCounters(this.#options.db, Math.floor(nowSeconds)).catch(() => {});
    }
  }

  async #writeChunk(chunk: Entry[]): Promise<void> {
    try {
      // Counts need no flush wait of their own (they may be lost with the power, not with the process).
      const totals = await withoutFlushWait(() =>
        addToCounters(
          this.#options.db,
          chunk.map((e) => ({ ...e, add: e.writing })),
        ),
      );
      for (const total of totals) {
        const entry = this.#entries.get(entryId(total.window, total.client, total.windowStart));
        if (entry) {
          entry.stored = total.count;
          entry.writing = 0;
        }
      }
    } catch (error) {
      for (const entry of chunk) {
        entry.pending += entry.writing;
        entry.writing = 0;
      }
      this.#warnNotWritten(
        { err: error, counters: chunk.length },
        'rate-limit counters not written; retrying at the next flush',
      );
    }
  }
}
