// The database tables as Kysely sees them. Times are ISO-8601 UTC strings (sortable as text on both
// back-ends); rate-limit windows are epoch seconds.
import type { ColumnType, Generated, Selectable } from 'kysely';

export interface EnquiriesTable {
  /** The site's key (its folder's name in SITES_DIR; '' for the single site). */
  site: string;
  reference: string;
  received_at: string;
  /** 'enquiry' (general) or 'assessment' (a request for the assessment the content offers). */
  kind: string;
  topic: string;
  /** Where it came from: 'rest', 'mcp' or 'form'. */
  channel: string;
  // Personal data: set to null by erasure or the retention purge.
  from_name: string | null;
  from_email: string | null;
  organization: string | null;
  message: string | null;
  agent_id: string | null;
  /** Id of the partner key it was sent with (`key_…`, never the key); null without one, optional on insert. */
  key_id: ColumnType<string | null, string | null | undefined, string | null>;
  erased_at: string | null;
}

export interface DeliveriesTable {
  /** The site's key (its folder's name in SITES_DIR; '' for the single site). */
  site: string;
  /** Stable id (`dlv_…`), also the webhook-id receivers de-duplicate on. */
  id: string;
  enquiry_reference: string;
  /** 'webhook', 'hubspot' or 'email'. */
  target: string;
  /** 'pending', 'delivered' or 'dead'. */
  state: string;
  attempts: number;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_expires_at: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  delivered_at: string | null;
}

export interface IdempotencyKeysTable {
  /** The site's key (its folder's name in SITES_DIR; '' for the single site). */
  site: string;
  key: string;
  /** sha256 of the canonical JSON of the request body. */
  request_hash: string;
  /** 'in_flight' while the first request runs, then 'completed'. */
  state: string;
  status_code: number | null;
  response_body: string | null;
  created_at: string;
  expires_at: string;
}

export interface RateLimitCountersTable {
  policy: string;
  client: string;
  window_start: number;
  count: number;
  expires_at: number;
}

/** A flush of the one-instance rate limiter: one window's counts as packed [hi, lo, count] uint32s. */
export interface RateLimitJournalTable {
  id: Generated<number>;
  window_name: string;
  window_start: number;
  expires_at: number;
  counts: Uint8Array;
}

/** Named server-side secrets (hex), e.g. the pagination-cursor signing key. */
export interface SecretsTable {
  name: string;
  value: string;
  created_at: string;
}

/** The A2A agent card's key set of each site (src/domain/card-signing/key-set.ts). */
export interface CardKeysTable {
  /** The site's key (its folder's name in SITES_DIR; '' for the single site). */
  site: string;
  /** The key set as JSON. */
  key_set: string;
  created_at: string;
}

/** Agent insight: requests per hour and dimensions (src/domain/insight/). */
export interface InsightVisitsTable {
  /** The site's key (its folder's name in SITES_DIR; '' for the single site). */
  site: string;
  /** UTC hour, `2026-11-23T14`. */
  hour: string;
  surface: string;
  item: string;
  family: string;
  kind: string;
  verified: number;
  status_class: string;
  count: number;
}

/** Agent insight: normalised search and ask texts per day, with their result counts. */
export interface InsightAsksTable {
  /** The site's key (its folder's name in SITES_DIR; '' for the single site). */
  site: string;
  day: string;
  source: string;
  query: string;
  family: string;
  asks: number;
  /** Asks that found nothing: the content gaps. */
  no_result: number;
  results: number;
  out_of_fit: number;
}

/** Agent insight: accepted enquiries per day, channel and caller family (no content). */
export interface InsightEnquiriesTable {
  /** The site's key (its folder's name in SITES_DIR; '' for the single site). */
  site: string;
  day: string;
  channel: string;
  family: string;
  kind: string;
  count: number;
}

/** A2A tasks (src/domain/tasks/): the task as the protocol's JSON, found by id or context. */
export interface A2aTasksTable {
  /** The site's key (its folder's name in SITES_DIR; '' for the single site). */
  site: string;
  id: string;
  context_id: string;
  /** sha256 of the message that created the task, so a retry of it gets the same task. */
  request_digest: string | null;
  state: string;
  /** The task's status timestamp (ISO), the order of ListTasks. */
  status_at: string;
  body: string;
  expires_at: string;
}

/** Nonces of verified Web Bot Auth signatures, until their signature expires (src/store/signature-nonces.ts). */
export interface SignatureNoncesTable {
  /** SHA-256 (base64) of the signature's keyid and nonce. */
  digest: string;
  /** Epoch seconds. */
  expires_at: number;
}

/** Reports of public audits (src/store/audit-reports.ts): the report's JSON until it expires. */
export interface AuditReportsTable {
  /** The site's key (its folder's name in SITES_DIR; '' for the single site). */
  site: string;
  id: string;
  body: string;
  /** ISO 8601. */
  created_at: string;
  expires_at: string;
}

/** Named leases (src/store/leases.ts): one instance at a time runs the job; epoch milliseconds. */
export interface LeasesTable {
  name: string;
  holder: string;
  held_until: number;
  finished_at: number;
}

/** A purge of front mode's HTTP cache, written by the CLI and applied by every instance. */
export interface OriginCachePurgesTable {
  id: Generated<number>;
  /** The path whose answers go; null for every answer. */
  path: string | null;
  /** With SITES_DIR, the key of the one site whose answers go; null for every site's. */
  site: string | null;
  /** Epoch seconds. */
  created_at: number;
}

export interface Tables {
  enquiries: EnquiriesTable;
  deliveries: DeliveriesTable;
  idempotency_keys: IdempotencyKeysTable;
  rate_limit_counters: RateLimitCountersTable;
  rate_limit_journal: RateLimitJournalTable;
  secrets: SecretsTable;
  card_keys: CardKeysTable;
  insight_visits: InsightVisitsTable;
  insight_asks: InsightAsksTable;
  insight_enquiries: InsightEnquiriesTable;
  a2a_tasks: A2aTasksTable;
  signature_nonces: SignatureNoncesTable;
  audit_reports: AuditReportsTable;
  leases: LeasesTable;
  origin_cache_purges: OriginCachePurgesTable;
}

export type EnquiryRow = Selectable<EnquiriesTable>;
export type DeliveryRow = Selectable<DeliveriesTable>;
