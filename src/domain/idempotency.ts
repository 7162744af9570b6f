// Idempotency-Key rules (README, Idempotency): a key is 1-200 characters, bare or a quoted structured-field
// string; "identical" means the same JSON value; only executed requests are kept, for 24 hours.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tables } from '../store/schema.ts';
import { claimKey, deleteExpiredKeys, findKey } from '../store/idempotency.ts';
import { AppError, invalidRequest } from '../kernel/errors.ts';
import { idempotencyKeyInFlightMessage, idempotencyKeyReusedMessage } from './error-wording.ts';
import { idempotencyKeySchema } from './enquiries/schema.ts';
import { currentSiteKey } from './sites/site-scope.ts';

export const idempotencyHeader = 'Idempotency-Key';
export const replayWindowMs = 24 * 3_600_000;
/** A claim whose request died mid-way (crash) stops blocking its key after this long. */
export const inFlightTtlMs = 60_000;
/** How long a copy sent while the first is in flight is told to wait; an enquiry commits in milliseconds. */
const inFlightRetryAfterSeconds = 1;

export type ClaimOutcome = { kind: 'claimed' } | { kind: 'replay'; statusCode: number; body: string };

/** Reads the Idempotency-Key header value; undefined when absent, AppError invalid_request when bad. */
export function parseIdempotencyKey(raw: string | string[] | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (Array.isArray(raw)) throw invalidRequest([{ field: idempotencyHeader, message: 'must be sent once' }]);
  let key = raw.trim();
  const quoted = /^"((?:[^"\\]|\\["\\])*)"$/.exec(key);
  if (quoted) key = quoted[1]!.replace(/\\(["\\])/g, '$1');
  if (!idempotencyKeySchema.safeParse(key).success) {
    throw invalidRequest([{ field: idempotencyHeader, message: 'must be 1 to 200 characters' }]);
  }
  return key;
}

/** sha256 of the canonical JSON of a value: object keys sorted, no white space. */
export function requestHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Claims a key for a request, or returns the stored response to replay. Throws AppError
 * idempotency_conflict when the key holds a different body or its first request is still running.
 */
export async function claimIdempotencyKey(
  db: Kysely<Tables>,
  key: string,
  hash: string,
  now: Date,
): Promise<ClaimOutcome> {
  const nowIso = now.toISOString();
  // A key is the site's own: the same key sent to another site is another request.
  const site = currentSiteKey();
  if (await claimKey(db, site, key, hash, nowIso, new Date(now.getTime() + inFlightTtlMs).toISOString()))
    return { kind: 'claimed' };
  const record = await findKey(db, site, key);
  // Expired or released between our claim and this read: one more attempt settles it.
  if (record === undefined || record.expires_at <= nowIso) {
    if (await claimKey(db, site, key, hash, nowIso, new Date(now.getTime() + inFlightTtlMs).toISOString()))
      return { kind: 'claimed' };
    throw inFlight();
  }
  if (record.request_hash !== hash) {
    throw new AppError('idempotency_conflict', idempotencyKeyReusedMessage);
  }
  if (record.state !== 'completed' || record.status_code === null || record.response_body === null) throw inFlight();
  return { kind: 'replay', statusCode: record.status_code, body: record.response_body };
}

/**
 * The conflict of a copy sent while the first is still being processed: the same key is right, only
 * too early, so it carries a retryAfter, which the conflict of a key reused for another request has not.
 */
function inFlight(): AppError {
  return new AppError('idempotency_conflict', idempotencyKeyInFlightMessage, { retryAfter: inFlightRetryAfterSeconds });
}

/** Removes records past their replay window (run from time to time). */
export async function purgeIdempotencyKeys(db: Kysely<Tables>, now = new Date()): Promise<void> {
  await deleteExpiredKeys(db, now.toISOString());
}
