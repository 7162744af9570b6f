// A2A tasks kept in the database, so GetTask and ListTasks answer the same on every instance. A task
// is found by its id (the unguessable capability its creator was given) or listed by its context;
// never by the client's address. Rows live A2A_TASK_RETENTION_HOURS and each site keeps at most
// `taskCapacity` of them (those saved last); artifacts are stored without the contact details a client wrote.
// Every task belongs to the site it was created on and is found from that site only.
import type { Kysely } from 'kysely';
import type { Logger } from '../../kernel/logger.ts';
import {
  deleteOldTaskRows,
  findTaskRow,
  findTaskRowByRequest,
  listTaskRows,
  saveTaskRow,
  type TaskRow,
} from '../../store/a2a-tasks.ts';
import type { Tables } from '../../store/schema.ts';
import { AppError } from '../../kernel/errors.ts';
import { currentSiteKey } from '../sites/site-scope.ts';
import { withholdContactDetails } from './withhold-contact-details.ts';

/** Most tasks one site keeps across all instances; beyond it its oldest go at the next purge. */
export const taskCapacity = 100_000;
const purgeEveryMs = 10 * 60_000;

/** A task as the adapter hands it over: its protocol JSON plus the fields it is found by. */
export interface TaskRecord {
  id: string;
  contextId: string;
  state: string;
  /** The status timestamp (ISO). */
  statusAt: string;
  body: Record<string, unknown>;
  /** Digest of the message that created it (a retry of that message finds it again). */
  requestDigest?: string | undefined;
  /** The texts the client sent (question, skill input): those carrying contact details are not stored. */
  sentTexts?: readonly string[] | undefined;
}

export interface TaskQuery {
  contextId: string;
  state?: string | undefined;
  statusAfter?: string | undefined;
  pageSize: number;
  pageToken?: string | undefined;
}

export interface TaskRecords {
  find(id: string): Promise<Record<string, unknown> | undefined>;
  findByRequest(digest: string): Promise<Record<string, unknown> | undefined>;
  save(task: TaskRecord): Promise<void>;
  /** One page of a context's tasks, newest first; throws AppError invalid_request for a token not given out. */
  list(query: TaskQuery): Promise<{ tasks: Record<string, unknown>[]; total: number; nextPageToken: string }>;
  purge(now?: Date): Promise<number>;
  close(): void;
}

export function createTaskRecords(options: {
  db: Kysely<Tables>;
  logger: Logger;
  retentionHours: number;
}): TaskRecords {
  const { db, logger } = options;
  const retentionMs = options.retentionHours * 3_600_000;
  const bodyOf = (row: TaskRow | undefined): Record<string, unknown> | undefined =>
    row && (JSON.parse(row.body) as Record<string, unknown>);
  const purge = async (now = new Date()): Promise<number> => deleteOldTaskRows(db, now.toISOString(), taskCapacity);
  const purgeQuietly = (): void => {
    purge().catch((error: unknown) => logger.warn({ err: error }, 'a2a task retention delete failed'));
  };
  const timer = setInterval(purgeQuietly, purgeEveryMs).unref();
  return {
    find: async (id) => bodyOf(await findTaskRow(db, currentSiteKey(), id, new Date().toISOString())),
    findByRequest: async (digest) =>
      bodyOf(await findTaskRowByRequest(db, currentSiteKey(), digest, new Date().toISOString())),
    async save(task) {
      await saveTaskRow(db, {
        site: currentSiteKey(),
        id: task.id,
        context_id: task.contextId,
        request_digest: task.requestDigest ?? null,
        state: task.state,
        status_at: task.statusAt,
        body: JSON.stringify(withholdContactDetails(task.body, task.sentTexts ?? [])),
        expires_at: new Date(Date.now() + retentionMs).toISOString(),
      });
    },
    async list(query) {
      const filter = {
        site: currentSiteKey(),
        contextId: query.contextId,
        state: query.state,
        statusAfter: query.statusAfter,
        now: new Date().toISOString(),
      };
      const { rows, total } = await listTaskRows(
        db,
        filter,
        query.pageSize + 1,
        query.pageToken ? cursorOf(query.pageToken) : undefined,
      );
      const page = rows.slice(0, query.pageSize);
      const last = page.at(-1);
      const more = rows.length > query.pageSize && last !== undefined;
      return { tasks: page.map((row) => bodyOf(row)!), total, nextPageToken: more ? tokenOf(last) : '' };
    },
    purge,
    close: () => clearInterval(timer),
  };
}

function tokenOf(row: TaskRow): string {
  return Buffer.from(JSON.stringify([row.status_at, row.id])).toString('base64url');
}

function cursorOf(token: string): { statusAt: string; id: string } {
  try {
    const [statusAt, id] = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown[];
    if (typeof statusAt === 'string' && typeof id === 'string') return { statusAt, id };
  } catch {
    // Not JSON: refused below like any other token this agent did not give out.
  }
  throw new AppError('invalid_request', 'pageToken is not a token this agent gave out.', {
    fieldErrors: [{ field: 'pageToken', message: 'is not a token this agent gave out' }],
  });
}
