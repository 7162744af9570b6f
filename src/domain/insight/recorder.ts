// The one agent-insight API every surface records through (services.insight): who called (the
// injected recognition), and visits, asks and enquiries counted in memory and written behind in
// batches. Recording never throws and never waits on the database; a failed write keeps its counts
// for the next one, and a row the database refuses is left out so it cannot hold back the others. Rows older than the retention are deleted at start-up and hourly.
import type { Kysely } from 'kysely';
import { throttledWarn } from '../../kernel/log-throttle.ts';
import type { Logger } from '../../kernel/logger.ts';
import { addInsightCountsLeavingOutRefused, deleteInsightBefore } from '../../store/analytics.ts';
import { withoutFlushWait } from '../../store/group-commit.ts';
import type { Tables } from '../../store/schema.ts';
import type { Caller, CallerRequest } from '../callers/caller.ts';
import { writeBehind } from '../write-behind.ts';
import { callerFromUserAgent } from '../callers/user-agents.ts';
import { auditorFamily } from '../callers/families.ts';
import { dayOf, type Ask, type EnquiryEvent, type Visit } from './dimensions.ts';
import type { CacheNamespace } from '../../cache/response-cache.ts';
import { queryReader, type QueryReading } from './query-text.ts';
import { currentSiteKey } from '../sites/site-scope.ts';
import { SiteTallies } from './site-tallies.ts';

/** Recognises the caller of a request from its headers (src/domain/callers/). */
export type RecogniseCaller = (request: CallerRequest) => Caller;

export interface Insight {
  /** False when recording is switched off (benchmarks only): every record call is then a no-op. */
  readonly enabled: boolean;
  callerOf(request: CallerRequest): Caller;
  recordVisit(visit: Visit): void;
  recordAsk(ask: Ask): void;
  recordEnquiry(event: EnquiryEvent): void;
  /** Writes what is counted now (a write also runs every `flushMs`). */
  flush(): Promise<void>;
  /** Runs the retention delete now; returns the rows deleted. */
  purge(now?: Date): Promise<number>;
  /** Stops the timers and writes what is pending. */
  close(): Promise<void>;
}

export interface InsightOptions {
  db: Kysely<Tables>;
  logger: Logger;
  recognise?: RecogniseCaller;
  retentionDays: number;
  enabled?: boolean;
  flushMs?: number;
  /** Whether an ask is outside the agency's fit (the content's fit rule); without it, none is. */
  outOfFit?: (query: string) => boolean;
  /** Where readings of repeated queries are kept (queryReadings); without it, each is read anew. */
  readings?: CacheNamespace<QueryReading>;
}

const hourMs = 3_600_000;

/** Until signatures are verified on every surface: the caller the User-Agent declares. */
function declaredCaller(request: CallerRequest): Caller {
  const userAgent = request.headers['user-agent'];
  return callerFromUserAgent(typeof userAgent === 'string' ? userAgent : undefined);
}

export function createInsight(options: InsightOptions): Insight {
  const { db, logger, retentionDays } = options;
  const recognise = options.recognise ?? declaredCaller;
  // Counted per site (the current request's), so each site's rows are its own.
  const tally = new SiteTallies();
  const warn = throttledWarn(logger);
  const warnRefused = throttledWarn(logger);
  const writer = writeBehind(async () => {
    if (tally.pending === 0) return;
    // Counts may be lost with the power, as rate-limit counts may: no disk flush of their own.
    const unwritten = await withoutFlushWait(() =>
      addInsightCountsLeavingOutRefused(db, tally.drain(), (row, error) =>
        warnRefused(
          { err: error, kind: Object.keys(row)[0] },
          'agent insight row refused by the database; left out, the others written',
        ),
      ),
    );
    if (unwritten) {
      tally.restore(unwritten.rows);
      warn({ err: unwritten.error }, 'agent insight write failed; counts kept for the next write');
    }
  }, options.flushMs ?? 2_000);
  // One retention delete at a time: one asked for while another runs starts after it, so its count
  // is of the rows it deleted itself.
  let purging: Promise<unknown> = Promise.resolve();
  const purge = (now = new Date()): Promise<number> => {
    const cutoff = dayOf(new Date(now.getTime() - retentionDays * 24 * hourMs));
    // After the one before, whether it deleted or failed.
    const deleteNow = (): Promise<number> => deleteInsightBefore(db, cutoff);
    const next = purging.then(deleteNow, deleteNow);
    purging = next;
    return next;
  };
  const purgeQuietly = (): void => {
    purge().catch((error: unknown) => warn({ err: error }, 'agent insight retention delete failed'));
  };
  const enabled = options.enabled ?? true;
  let purgeTimer: NodeJS.Timeout | undefined;
  if (enabled) {
    purgeQuietly();
    purgeTimer = setInterval(purgeQuietly, hourMs).unref();
  }
  const readQuery = queryReader(options.outOfFit ?? (() => false), options.readings);
  const recordAsk = (ask: Ask): void => {
    // An audit's probe (the A2A check sends "What can you do?") is no buyer's question.
    if (ask.caller.family === auditorFamily) return;
    const reading = readQuery(ask.query);
    // The capability's own verdict, when it gave one, stands over the fit rule's reading of the text.
    tally
      .of(currentSiteKey())
      .addAsk(ask, ask.outOfFit === undefined ? reading : { query: reading.query, outOfFit: ask.outOfFit });
  };
  return {
    enabled,
    callerOf: recognise,
    recordVisit: enabled ? (visit) => tally.addVisit(currentSiteKey(), visit) : () => {},
    recordAsk: enabled ? recordAsk : () => {},
    recordEnquiry: enabled ? (event) => tally.of(currentSiteKey()).addEnquiry(event) : () => {},
    flush: () => writer.flushFresh(),
    purge,
    async close() {
      clearInterval(purgeTimer);
      await writer.close();
    },
  };
}
