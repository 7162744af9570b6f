// The rate limiter of several instances sharing PostgreSQL, for the high-volume shared budget
// (300/min on health, case studies and other /agent/* reads): counts live in memory and are written
// behind to the database in one batched upsert every `flushMs`, so a GET costs no database round
// trip. Each flush returns the totals of all instances, and start-up preloads running windows, so
// counts are shared and survive restarts with a slack of at most one flush interval. One instance
// (SQLite) uses rate-limit-local.ts, which writes no row per client. Other policies (contact:
// 5/min, 50/day) stay exact: they go to the database limiter, one conditional upsert per enquiry.
import type { Kysely } from 'kysely';
import { throttledWarn } from '../../kernel/log-throttle.ts';
import type { Logger } from '../../kernel/logger.ts';
import { withoutFlushWait } from '../../store/group-commit.ts';
import type { Tables } from '../../store/schema.ts';
import { deleteExpiredCounters } from '../../store/rate-limits.ts';
import { addToCounters, currentCounters, rowsPerStatement, type CounterTotal } from '../../store/rate-limit-batches.ts';
import { routePolicies } from './routing.ts';
import { writeBehind } from '../write-behind.ts';
import {
  counterKeys,
  generalPolicy,
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
  const { db, exact, logger, onRefused } = options;
  const warnNotWritten = throttledWarn(logger);
  const exactShare = options.exactShare ?? 0;
  const buffered = new Set(options.buffered ?? [generalPolicy]);
  const windowNames = [...buffered].flatMap((p) => p.windows.map((w) => w.name));
  const entries = new Map<string, Entry>();
  const id = (window: string, client: string, windowStart: number): string =>
    `${window}\u0000${client}\u0000${windowStart}`;
  const remember = (total: CounterTotal, expiresAt: number): void => {
    entries.set(id(total.window, total.client, total.windowStart), {
      ...total,
      expiresAt,
      stored: total.count,
      writing: 0,
      pending: 0,
      touched: false,
      pinned: false,
    });
  };
  for (const total of await currentCounters(db, windowNames, Math.floor(Date.now() / 1000))) {
    const seconds = [...buffered].flatMap((p) => p.windows).find((w) => w.name === total.window)!.seconds;
    remember(total, total.windowStart + seconds);
  }

  const entriesOf = (policy: RatePolicy, client: string, now: Date): Entry[] =>
    counterKeys(policy, client, now).map((key, i) => {
      const name = id(key.window, client, key.windowStart);
      let entry = entries.get(name);
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
        entries.set(name, entry);
      }
      return entry;
    });
  const count = (entry: Entry): number => entry.stored + entry.writing + entry.pending;

  /** Decides on the database total (all instances), once it holds our own counts too. */
  const takeExact = async (
    policy: RatePolicy,
    client: string,
    now: Date,
    counted: Entry[],
  ): Promise<RateLimitState> => {
    // Once the database refuses, the window is full here as well.
    for (const entry of counted) {
      entry.touched = true;
      entry.pinned = true;
    }
    if (counted.some((entry) => entry.pending > 0 || entry.writing > 0)) await writer.flushFresh();
    const state = await exact.take(policy, client, now);
    // The database counted this request: so does the local total until the next write returns it
    // (else the requests decided here meanwhile would be admitted as if it had not happened).
    if (state.allowed) for (const entry of counted) entry.stored += 1;
    else for (const [i, entry] of counted.entries()) entry.stored = Math.max(entry.stored, policy.windows[i]!.limit);
    return state;
  };

  const take = (policy: RatePolicy, client: string, now: Date): RateLimitState | Promise<RateLimitState> => {
    const counted = entriesOf(policy, client, now);
    const allowed = counted.every((entry, i) => count(entry) < policy.windows[i]!.limit);
    // Near the limit, or holding many unflushed requests (a burst the other instances cannot see yet).
    const near =
      exactShare > 0 &&
      counted.some((entry, i) => {
        const limit = policy.windows[i]!.limit;
        return count(entry) >= limit * (1 - exactShare) || entry.pending + entry.writing >= limit * unflushedShare;
      });
    if (allowed && near) return takeExact(policy, client, now, counted);
    if (allowed) {
      for (const entry of counted) {
        entry.pending += 1;
        entry.touched = true;
      }
    } else for (const entry of counted) entry.pinned = true;
    // Entries carry their counter keys, so they are not computed a second time.
    return stateFrom(policy, counted, counted.map(count), now, allowed);
  };

  const peek = async (policy: RatePolicy, client: string, now: Date): Promise<RateLimitState> => {
    const keys = counterKeys(policy, client, now);
    const counted = keys.map((key) => entries.get(id(key.window, client, key.windowStart)));
    const counts = counted.map((entry) => (entry ? count(entry) : 0));
    return stateFrom(
      policy,
      keys,
      counts,
      now,
      counts.every((c, i) => c < policy.windows[i]!.limit),
    );
  };

  let lastPurge = Date.now();
  const writeOnce = async (): Promise<void> => {
    const dirty = [...entries.values()].filter((entry) => entry.pending > 0);
    for (const entry of dirty) {
      entry.writing = entry.pending;
      entry.pending = 0;
    }
    // One statement per chunk, with a yield between them, keeps each event-loop pause short under load;
    // counts need no flush wait of their own (they may be lost with the power, not with the process).
    for (let i = 0; i < dirty.length; i += rowsPerStatement) {
      const chunk = dirty.slice(i, i + rowsPerStatement);
      try {
        const totals = await withoutFlushWait(() =>
          addToCounters(
            db,
            chunk.map((e) => ({ ...e, add: e.writing })),
          ),
        );
        for (const total of totals) {
          const entry = entries.get(id(total.window, total.client, total.windowStart));
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
        warnNotWritten(
          { err: error, counters: chunk.length },
          'rate-limit counters not written; retrying at the next flush',
        );
      }
      if (i + rowsPerStatement < dirty.length) await new Promise((resolve) => setImmediate(resolve));
    }
    const nowSeconds = Date.now() / 1000;
    for (const [name, entry] of entries) {
      const idle = entry.pending === 0 && entry.writing === 0;
      if (idle && ((!entry.touched && !entry.pinned) || entry.expiresAt <= nowSeconds)) entries.delete(name);
      else entry.touched = false;
    }
    if (Date.now() - lastPurge > purgeEveryMs) {
      lastPurge = Date.now();
      await deleteExpiredCounters(db, Math.floor(nowSeconds)).catch(() => {});
    }
  };
  const writer = writeBehind(writeOnce, options.flushMs);

  return {
    ...routePolicies({ memory: { take, peek }, exact, inMemory: buffered, onRefused }),
    flush: writer.flush,
    close: writer.close,
  };
}
