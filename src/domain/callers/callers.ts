// Recognition of who is calling, for every surface: a Web Bot Auth signature that verifies against
// an allowlisted key directory makes a verified agent; otherwise the User-Agent decides (declared
// agent, browser or other). An unsigned request is classified synchronously and awaits nothing.
import type { Kysely } from 'kysely';
import type { Tables } from '../../store/schema.ts';
import { callerFromAgentId, callerFromMcpClient, refineCaller } from './agent-names.ts';
import type { Caller, CallerRequest } from './caller.ts';
import { familyOfHost } from './families.ts';
import { KeyDirectories, type DirectoryTuning } from './key-directories.ts';
import { NonceCache } from './nonce-cache.ts';
import { createNonces } from './nonces.ts';
import { authorityOf, isSigned, verifiedOrigin, type SignatureRules } from './signature.ts';
import { callerFromUserAgent } from './user-agents.ts';

export interface CallerOptions {
  /** Allowlisted key directory origins (AGENT_KEY_DIRECTORIES); empty = signatures are ignored. */
  keyDirectories: readonly string[];
  /**
   * This site's public addresses (BASE_URL, MCP_URL): a signature must be made for one of them. A
   * function is read at each verification (with many sites, the addresses of the site asked).
   */
  siteUrls: readonly string[] | (() => readonly string[]);
  directoryTuning?: Partial<DirectoryTuning>;
  /** How long a signed request may wait for a key directory that is not cached yet (default 500 ms). */
  waitMs?: number;
  /** Longest accepted signature lifetime, expires − created (default 1 hour). */
  maxLifetimeMs?: number;
  /** Clock difference tolerated on a signature's `created` (default 60 s). */
  skewMs?: number;
  /** Nonces this instance remembers in memory, in front of the database (default 100 000). */
  maxNonces?: number;
  /** The shared database: with it, a nonce is claimed there, so a replay fails on every instance. */
  db?: Kysely<Tables>;
  now?: () => number;
}

export interface Callers {
  /**
   * The caller of a request. A Caller, synchronously, unless the request carries a signature and
   * key directories are configured: then a Promise that never rejects (an invalid signature gives
   * the User-Agent's classification) and settles within `waitMs` plus the verification itself.
   */
  classify(request: CallerRequest): Caller | Promise<Caller>;
  /** The caller a User-Agent declares (memoised per string). */
  fromUserAgent(userAgent: string | undefined): Caller;
  /** The caller an MCP client's `clientInfo.name` declares. */
  fromMcpClient(name: string | undefined): Caller;
  /** The caller an enquiry's self-asserted `agentId` declares. */
  fromAgentId(agentId: string | undefined): Caller;
  /** A request's caller refined by what the caller names itself (see refineCaller). */
  refine(request: Caller, named: Caller): Caller;
  /** The allowlisted key directories and their cache (for tests and operators' diagnostics). */
  readonly directories: KeyDirectories;
}

/** Builds the recognition for one process: its directory cache lives in it, nonces in the database. */
export function createCallers(options: CallerOptions): Callers {
  const directories = new KeyDirectories(options.keyDirectories, options.directoryTuning, options.now);
  const { siteUrls } = options;
  const authoritiesOf = memoisedAuthorities();
  const rules: SignatureRules = {
    directories,
    get authorities() {
      return authoritiesOf(typeof siteUrls === 'function' ? siteUrls() : siteUrls);
    },
    nonces: createNonces(new NonceCache(options.maxNonces), options.db),
    waitMs: options.waitMs ?? 500,
    maxLifetimeMs: options.maxLifetimeMs ?? 3_600_000,
    skewMs: options.skewMs ?? 60_000,
    now: options.now ?? Date.now,
  };
  const verifying = options.keyDirectories.length > 0;
  const userAgentOf = (request: CallerRequest): string | undefined => {
    const value = request.headers['user-agent'];
    return Array.isArray(value) ? value[0] : value;
  };
  const verified = async (request: CallerRequest, declared: Caller): Promise<Caller> => {
    const origin = await verifiedOrigin(request, rules);
    if (origin === undefined) return declared;
    const family = familyOfHost(new URL(origin).hostname);
    // The User-Agent's purpose counts only when it names the same operator as the signature.
    const purpose = declared.kind === 'declared-agent' && declared.family === family ? declared.purpose : 'agent';
    return { kind: 'verified-agent', family, purpose, verified: true, agentKey: origin };
  };
  return {
    classify(request) {
      const declared = callerFromUserAgent(userAgentOf(request));
      if (!verifying || !isSigned(request.headers)) return declared;
      return verified(request, declared).catch(() => declared);
    },
    fromUserAgent: callerFromUserAgent,
    fromMcpClient: callerFromMcpClient,
    fromAgentId: callerFromAgentId,
    refine: refineCaller,
    directories,
  };
}

/** siteAuthorities, kept per list of addresses (one per site served). */
function memoisedAuthorities(): (urls: readonly string[]) => ReadonlyMap<string, string> {
  const kept = new Map<string, ReadonlyMap<string, string>>();
  return (urls) => {
    const key = urls.join(' ');
    let authorities = kept.get(key);
    if (!authorities) kept.set(key, (authorities = siteAuthorities(urls)));
    return authorities;
  };
}

/** `@authority` → scheme of each public address, e.g. 'agency.example' → 'https'. */
function siteAuthorities(urls: readonly string[]): Map<string, string> {
  const authorities = new Map<string, string>();
  for (const value of urls) {
    const url = new URL(value);
    const authority = authorityOf(url.host);
    if (authority !== undefined) authorities.set(authority, url.protocol.slice(0, -1));
  }
  return authorities;
}
