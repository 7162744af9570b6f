// The one enquiry path shared by REST, the HTML form and the MCP send_enquiry tool: validate, apply
// idempotency, spend the contact budget, then commit the enquiry with its outbox rows.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../../config/config.ts';
import type { DeliveryTargetsOf } from '../../delivery/site-targets.ts';
import { configuredTargets } from '../../delivery/targets.ts';
import type { Logger } from '../../kernel/logger.ts';
import type { Tables } from '../../store/schema.ts';
import { insertEnquiry } from '../../store/enquiries.ts';
import { withoutFlushWait } from '../../store/group-commit.ts';
import { releaseKey } from '../../store/idempotency.ts';
import type { Caller } from '../callers/caller.ts';
import { currentSiteKey } from '../sites/site-scope.ts';
import { AppError } from '../../kernel/errors.ts';
import { claimIdempotencyKey, purgeIdempotencyKeys, replayWindowMs, requestHash } from '../idempotency.ts';
import { contactPolicy, type RateLimiter, type RateLimitState } from '../rate-limit/rate-limit.ts';
import { parseOrThrow } from '../validation.ts';
import { contactEnquirySchema, type ContactAccepted, type EnquiryChannel, type EnquiryKind } from './schema.ts';
import { enquiryBudgetSpentMessage, enquiryUnavailableMessage } from '../error-wording.ts';

export interface SubmitEnquiryRequest {
  /** The caller's body as received (unknown shape); validated here. */
  input: unknown;
  /** Rate-limit key of the caller (see clientKey). */
  client: string;
  idempotencyKey?: string | undefined;
  channel: EnquiryChannel;
  kind: EnquiryKind;
  /** Who sent it (recognised from the request), for agent insight's counts by caller family. */
  caller?: Caller;
  /** Id of the partner key it was sent with (never the key), kept with the enquiry. */
  keyId?: string | undefined;
}

export interface SubmitEnquiryResult {
  accepted: ContactAccepted;
  /** True when this answers an earlier request with the same Idempotency-Key (nothing new stored). */
  replayed: boolean;
  /** The contact budget after this request, for response headers. */
  rateLimit: RateLimitState;
}

export interface EnquiryService {
  /**
   * Submits an enquiry. Throws AppError: invalid_request (fieldErrors), idempotency_conflict,
   * rate_limited (retryAfter) or upstream_error (the enquiry could not be recorded).
   */
  submit(request: SubmitEnquiryRequest): Promise<SubmitEnquiryResult>;
}

export interface EnquiryDeps {
  config: Config;
  logger: Logger;
  db: Kysely<Tables>;
  rateLimiter: RateLimiter;
  /** Wakes the delivery worker after the commit. */
  deliverySignal?: { notify(): void };
  /** Where each site's enquiries go; without it, the instance's targets (the configuration's). */
  deliveryTargets?: DeliveryTargetsOf;
}

const purgeEveryMs = 600_000;

export function createEnquiryService(deps: EnquiryDeps): EnquiryService {
  let lastPurge = 0;
  return {
    submit: (request) => {
      // Expired idempotency records are removed from time to time, off the request's path.
      if (Date.now() - lastPurge > purgeEveryMs) {
        lastPurge = Date.now();
        purgeIdempotencyKeys(deps.db).catch((error: unknown) =>
          deps.logger.warn({ err: error }, 'idempotency purge failed'),
        );
      }
      return submitEnquiry(deps, request);
    },
  };
}

export async function submitEnquiry(deps: EnquiryDeps, request: SubmitEnquiryRequest): Promise<SubmitEnquiryResult> {
  const enquiry = parseOrThrow(contactEnquirySchema, request.input);
  const now = new Date();
  const key = request.idempotencyKey;
  const hash = key === undefined ? '' : requestHash(request.input);
  if (key !== undefined) {
    // The claim needs no flush of its own: the enquiry's commit below flushes it (group-commit.ts).
    const outcome = await unlessDbFails(deps, () =>
      withoutFlushWait(() => claimIdempotencyKey(deps.db, key, hash, now)),
    );
    if (outcome.kind === 'replay') {
      const rateLimit = await unlessDbFails(deps, () => deps.rateLimiter.peek(contactPolicy, request.client, now));
      return { accepted: JSON.parse(outcome.body) as ContactAccepted, replayed: true, rateLimit };
    }
  }
  const site = currentSiteKey();
  const release = async (): Promise<void> => {
    if (key !== undefined) await releaseKey(deps.db, site, key, hash).catch(() => {});
  };
  let rateLimit: RateLimitState;
  try {
    rateLimit = await unlessDbFails(deps, () => deps.rateLimiter.take(contactPolicy, request.client, now));
  } catch (error) {
    await release();
    throw error;
  }
  if (!rateLimit.allowed) {
    await release();
    throw new AppError('rate_limited', enquiryBudgetSpentMessage, {
      retryAfter: rateLimit.retryAfter ?? 1,
    });
  }
  const accepted: ContactAccepted = {
    status: 'accepted',
    reference: `enq_${randomBytes(8).toString('hex')}`,
    receivedAt: now.toISOString(),
  };
  const topicGiven = typeof request.input === 'object' && request.input !== null && 'topic' in request.input;
  try {
    await insertEnquiry(
      deps.db,
      {
        site,
        reference: accepted.reference,
        received_at: accepted.receivedAt,
        kind: request.kind,
        topic: request.kind === 'assessment' && !topicGiven ? 'assessment' : enquiry.topic,
        channel: request.channel,
        from_name: enquiry.fromName,
        from_email: enquiry.fromEmail,
        organization: enquiry.organization ?? null,
        message: enquiry.message,
        agent_id: enquiry.agentId ?? null,
        key_id: request.keyId ?? null,
      },
      configuredTargets(deps.deliveryTargets ? (deps.deliveryTargets(site) ?? {}) : deps.config),
      key === undefined
        ? undefined
        : {
            key,
            statusCode: 202,
            body: JSON.stringify(accepted),
            expiresAt: new Date(now.getTime() + replayWindowMs).toISOString(),
          },
    );
  } catch (error) {
    await release();
    deps.logger.error({ err: error, reference: accepted.reference }, 'enquiry could not be recorded');
    throw unrecorded();
  }
  deps.deliverySignal?.notify();
  deps.logger.info({ reference: accepted.reference, channel: request.channel, kind: request.kind }, 'enquiry accepted');
  return { accepted, replayed: false, rateLimit };
}

async function unlessDbFails<T>(deps: EnquiryDeps, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    deps.logger.error({ err: error }, 'enquiry store unavailable');
    throw unrecorded();
  }
}

function unrecorded(): AppError {
  return new AppError('upstream_error', enquiryUnavailableMessage);
}
