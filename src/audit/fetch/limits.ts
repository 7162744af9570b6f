// The audit's outbound limits, in one place: what one audit may cost the sites it reads and this
// server. The per-fetch and per-audit times bound a slow site; the sizes bound memory per audit.
export const auditLimits = {
  /** One request, from connecting to its last body byte. */
  fetchTimeoutMs: 10_000,
  /** A whole audit: every check's fetches and the MCP and A2A connections. */
  auditTimeoutMs: 60_000,
  /** Largest body read from one response; a longer one is an error, not a truncated read. */
  maxResponseBytes: 2 * 1024 * 1024,
  /** Body bytes one audit reads in all (its documents are kept until the report is made). */
  maxAuditBytes: 8 * 1024 * 1024,
  /** Requests one audit may send, redirects included (the edge check alone sends one per agent it asks as, 20). */
  maxFetches: 100,
  maxRedirects: 5,
  /** Requests the edge check has open at once (one per agent it asks as), and how long each may take. */
  edgeProbesAtOnce: 4,
  edgeProbeTimeoutMs: 5_000,
  /** Links of an llms.txt and artifacts of a skills index followed at most. */
  maxFollowedLinks: 10,
} as const;

/** The ports a public audit may reach ('' is the scheme's default); hosts on AUDIT_ALLOW_HOSTS may use any port. */
export const publicPorts: readonly string[] = ['', '80', '443'];

export type AuditLimits = { [K in keyof typeof auditLimits]: number };
