// What agent insight counts, and along which dimensions. Every dimension has a bounded set of
// values (surfaces, status classes, caller families, the site's own pages and operations), so the
// tables grow with time, not with traffic; no value ever identifies a person.
import type { Caller, CallerKind } from '../callers/caller.ts';

/** Where a request was served. */
export type Surface = 'page-html' | 'page-markdown' | 'llms' | 'discovery' | 'rest' | 'mcp' | 'a2a';

export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx';

/**
 * Where a search or ask came from: the site search, the A2A agent's text questions, NLWeb's ask, or
 * an MCP tool or A2A skill whose capability declares its query ("mcp-search", "mcp-site-index",
 * "mcp-match", "mcp-value", "mcp-ask", the same after "a2a-" for the skills, and the binding's prefix
 * and the capability's name for a capability that names no source). Bounded by the catalogue, which
 * is fixed at start-up.
 */
export type AskSource = 'site-search' | 'a2a-text' | 'nlweb-ask' | `mcp-${string}` | `a2a-${string}`;

/** Enquiry channels, as the enquiry path names them, plus the A2A agent. */
export type InsightChannel = 'rest' | 'form' | 'mcp' | 'a2a';

/** The item every unknown path is counted under: never the raw path. */
export const notFoundItem = 'not-found';

/** The caller dimensions recorded: family, kind and verified only (no identity, no address). */
export interface CallerDims {
  family: string;
  kind: CallerKind;
  verified: boolean;
}

export interface Visit {
  surface: Surface;
  /** Page path, document name, operation, tool or skill: from a bounded set (see classify-route.ts). */
  item: string;
  caller: CallerDims;
  /** HTTP status, or for MCP/A2A the status the outcome stands for (200 ok, 400 tool error, 500 failure). */
  status: number;
}

export interface Ask {
  source: AskSource;
  /** The query as the caller sent it; recording normalises it and withholds contact details. */
  query: string;
  results: number;
  caller: CallerDims;
  /** Set when the tool already decided; otherwise the domain's fit check decides. */
  outOfFit?: boolean;
}

export interface EnquiryEvent {
  channel: InsightChannel;
  caller: CallerDims;
}

/** Stands for a caller no recognition was available for (e.g. a self-submitted enquiry in a test). */
export const unknownCaller: Caller = { kind: 'other', family: 'Other', purpose: 'unknown', verified: false };

/** `2026-11-23T14` : the hour bucket (UTC), sortable as text on both back-ends. */
export function hourOf(at: Date): string {
  return at.toISOString().slice(0, 13);
}

/** `2026-11-23` : the day bucket (UTC). */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}
