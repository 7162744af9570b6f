// Who is calling: the one classification every surface (pages, documents, REST, MCP, A2A) records
// and budgets by. Recognition lives beside this file; recording (agent insight) only reads a Caller.

/** How sure we are of the caller's identity, strongest first. */
export type CallerKind = 'verified-agent' | 'declared-agent' | 'browser' | 'other';

/** What an agent operator says the traffic is for (from its published crawler documentation). */
export type CallerPurpose = 'training-crawler' | 'search-crawler' | 'user-fetch' | 'agent' | 'unknown';

export interface Caller {
  kind: CallerKind;
  /**
   * Operator family shown to the agency: 'OpenAI', 'Anthropic', 'Perplexity', 'Google', 'Microsoft',
   * 'Apple', 'Meta', 'Common Crawl', … for agents; 'Browser' for people; 'Other' for the rest.
   */
  family: string;
  purpose: CallerPurpose;
  /** True only when a Web Bot Auth signature verified against a trusted key directory. */
  verified: boolean;
  /**
   * The verified operator's identity (the key directory origin), which keys its own rate-limit
   * budget; absent for everyone else, who stay budgeted per client address.
   */
  agentKey?: string;
}

/** What recognition reads of a request: the headers and target, never the body. */
export interface CallerRequest {
  method: string;
  /** Authority the request was sent to (Host header). */
  authority: string;
  /** Path and query as received. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
}
