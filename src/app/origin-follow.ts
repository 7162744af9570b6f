// Front mode's twins follow the origin. Every ORIGIN_RECRAWL_MINUTES the origin is imported again into
// CONTENT_DIR (new, changed and removed pages), and a page the proxy passes on whose validator (ETag,
// Last-Modified) differs from the one the import recorded has the origin imported again soon: after a
// quiet second, at most once per changedPageGapMs. It is the import itself, so its extraction and its
// rule hold (a file the operator edited keeps the operator's text); one instance at a time runs it (a
// lease in the database); the folder is then loaded again here, and by every other instance's poll.
import type { OriginExchange } from '../surfaces/front/upstream.ts';
import { pathOf } from '../surfaces/front/owned-paths.ts';
import { runImport } from '../importer/command.ts';
import { defaultLimits, type ImportIo, importUserAgent } from '../importer/options.ts';
import { type PageValidators, readManifest } from '../importer/write-folder.ts';
import { giveBackLease, takeLease } from '../store/leases.ts';
import type { Services } from './services.ts';

/** The lease of the single site's origin import; with many sites each front site's is its own. */
const singleSiteLease = 'origin-recrawl';
/** A changed page waits this long for others to change with it, so one import takes them all. */
const quietMs = 1_000;
/** Imports asked for by changed pages come at most this often, whatever the origin's validators do. */
const changedPageGapMs = 5 * 60_000;

export type RecrawlOutcome = 'imported' | 'failed' | 'busy' | 'not an import';

export interface OriginFollow {
  /** Wraps the exchange with the origin: a page it answers whose validator changed asks for an import. */
  observe(exchange: OriginExchange): OriginExchange;
  /** Imports the origin again now, unless another instance is doing it (or the folder is no import's). */
  recrawl(): Promise<RecrawlOutcome>;
  stop(): Promise<void>;
}

/**
 * Follows the origin of `config.front` into `config.contentDir`: the single site's, or with many
 * sites the current site's (started inside its scope, with a lease named for it).
 */
export function startOriginFollow(
  services: Services,
  schedule: boolean,
  leaseName = singleSiteLease,
): OriginFollow | undefined {
  const { config, logger, store } = services;
  const front = config.front;
  if (!front) return undefined;
  const holder = `${process.pid}-${crypto.randomUUID()}`;
  const stopping = new AbortController();
  let running: Promise<RecrawlOutcome> | undefined;
  let waiting: NodeJS.Timeout | undefined;
  let lastAsked = Number.NEGATIVE_INFINITY;
  let saidNotAnImport = false;

  type Trigger = 'schedule' | 'changed page' | 'asked';
  const importOnce = async (trigger: Trigger): Promise<RecrawlOutcome> => {
    if (!(await readManifest(config.contentDir))) {
      if (!saidNotAnImport)
        logger.info('the content folder was not written by an import: the origin is not imported again');
      saidNotAnImport = true;
      return 'not an import';
    }
    const now = Date.now();
    const intervalMs = front.recrawlMinutes * 60_000;
    const taken = await takeLease(store.db, leaseName, holder, {
      holdMs: defaultLimits.timeLimitMs + 60_000,
      // Scheduled runs share one cadence across instances; otherwise the lease need only be free.
      finishedBefore: trigger === 'schedule' ? now - intervalMs / 2 : now,
    });
    if (!taken) return 'busy';
    let code: number;
    try {
      const start = new URL(`${front.originUrl}/`);
      code = await runImport(
        {
          start,
          out: config.contentDir,
          limits: { ...defaultLimits, userAgent: importUserAgent(start) },
          removeGone: true,
          signal: stopping.signal,
        },
        importLog(services),
      );
    } finally {
      await giveBackLease(store.db, leaseName, holder);
    }
    await services.siteContent.reload();
    logger.info({ trigger, exitCode: code }, 'origin imported again');
    // Exit 1 still wrote what it read (some pages failed); 2: the origin did not answer, nothing written.
    return code === 2 ? 'failed' : 'imported';
  };
  const recrawl = (trigger: Trigger): Promise<RecrawlOutcome> => {
    running ??= importOnce(trigger)
      .catch((error: unknown) => {
        logger.warn({ trigger, reason: (error as Error).message }, 'origin not imported again');
        return 'failed' as const;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer =
    schedule && front.recrawlMinutes > 0
      ? setInterval(() => void recrawl('schedule'), front.recrawlMinutes * 60_000).unref()
      : undefined;
  const answered = (path: string, status: number, headers: AnswerHeaders): void => {
    if (status !== 200 || waiting || stopping.signal.aborted) return;
    if (!changed(services.siteContent.validatorsOf(path), headers)) return;
    if (Date.now() - lastAsked < changedPageGapMs) return;
    lastAsked = Date.now();
    waiting = setTimeout(() => {
      waiting = undefined;
      void recrawl('changed page');
    }, quietMs);
  };
  return {
    observe: (exchange) => async (request) => {
      const answer = await exchange(request);
      if (request.method === 'GET') answered(pathOf(request.target), answer.status, answer.headers);
      return answer;
    },
    recrawl: () => recrawl('asked'),
    async stop() {
      clearInterval(timer);
      clearTimeout(waiting);
      stopping.abort();
      await running;
    },
  };
}

/** Whether the origin's answer is another version than the recorded one (RFC 9110 weak comparison for ETags). */
type AnswerHeaders = Record<string, string | string[] | undefined>;

function changed(recorded: PageValidators | undefined, headers: AnswerHeaders): boolean {
  if (!recorded) return false;
  const etag = headers.etag;
  if (recorded.etag && typeof etag === 'string') return weak(recorded.etag) !== weak(etag);
  const lastModified = headers['last-modified'];
  if (recorded.lastModified && typeof lastModified === 'string') return recorded.lastModified !== lastModified;
  return false;
}

function weak(etag: string): string {
  return etag.trim().replace(/^W\//, '');
}

/** The import's report goes to the log: its summary at debug, its errors as warnings. */
function importLog({ logger }: Services): ImportIo {
  return {
    out: (line) => logger.debug({ line }, 'origin import'),
    err: (line) => logger.warn({ line }, 'origin import'),
  };
}
