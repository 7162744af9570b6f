// Front mode (ORIGIN_URL): the product stands in front of the agency's existing site, whose pages and
// assets it passes through; the bounds on that pass-through, and the CAs its TLS trusts, are read here.
import { readFileSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { ConfigError, clip, intSetting } from './values.ts';

export interface FrontSettings {
  /** ORIGIN_URL: the agency's existing site (its origin only), e.g. http://10.0.0.5:8080. */
  originUrl: string;
  /**
   * ORIGIN_TIMEOUT_MS: the deadline for each wait on the origin: a free connection, connecting, its
   * response headers, each gap in its body, and each gap in a client's upload.
   */
  timeoutMs: number;
  /** ORIGIN_TOTAL_TIMEOUT_MS: the most one exchange with the origin may take, body included. */
  totalTimeoutMs: number;
  /** ORIGIN_CONNECTIONS: the most connections open to the origin at once. */
  connections: number;
  /**
   * ORIGIN_QUEUE: the most requests waiting for a free connection; past it people get the 503 page.
   * Four per default connection: each waiting request holds memory and its client's connection, and
   * a flood past what the pool can pass is better refused at once than after ORIGIN_TIMEOUT_MS.
   */
  queue: number;
  /** ORIGIN_REQUEST_BODY_MB, in bytes: the largest request body (a form, an upload) passed to the origin. */
  requestBodyBytes: number;
  /** ORIGIN_RESPONSE_BODY_MB, in bytes: the largest answer passed back; a longer one is cut off. */
  responseBodyBytes: number;
  /** ORIGIN_CA_FILE's certificates (PEM), trusted beside the system's CAs for an https origin. */
  extraCa: string[];
  /** ORIGIN_RECRAWL_MINUTES: how often the worker imports the origin again into CONTENT_DIR; 0 = never. */
  recrawlMinutes: number;
  /** ORIGIN_CACHE_MB, in bytes: the shared HTTP cache for the origin's cacheable answers; 0 turns it off. */
  cacheBytes: number;
}

const megabyte = 1024 * 1024;

/** How often an instance looks for purges of its HTTP cache written by `agentsite cache purge`. */
export const cachePurgePollMs = 2_000;

/** The bounds on front mode's pass-through, whichever origin it is in front of. */
export type OriginBounds = Omit<FrontSettings, 'originUrl'>;

/** Undefined without ORIGIN_URL: the product is then the whole site (site mode). */
export function parseFrontSettings(get: (name: string) => string | undefined): FrontSettings | undefined {
  const origin = get('ORIGIN_URL');
  if (origin === undefined) return undefined;
  return { originUrl: parseOrigin(origin), ...parseOriginBounds(get) };
}

/** The ORIGIN_* bounds; with SITES_DIR they apply to each site in front mode (its own `origin`). */
export function parseOriginBounds(get: (name: string) => string | undefined): OriginBounds {
  const timeoutMs = intSetting('ORIGIN_TIMEOUT_MS', get('ORIGIN_TIMEOUT_MS'), 15_000, 100, 600_000);
  return {
    timeoutMs,
    totalTimeoutMs: intSetting('ORIGIN_TOTAL_TIMEOUT_MS', get('ORIGIN_TOTAL_TIMEOUT_MS'), 300_000, 100, 86_400_000),
    connections: intSetting('ORIGIN_CONNECTIONS', get('ORIGIN_CONNECTIONS'), 256, 1, 65_536),
    queue: intSetting('ORIGIN_QUEUE', get('ORIGIN_QUEUE'), 1_024, 0, 1_000_000),
    requestBodyBytes: intSetting('ORIGIN_REQUEST_BODY_MB', get('ORIGIN_REQUEST_BODY_MB'), 10, 1, 4_096) * megabyte,
    responseBodyBytes: intSetting('ORIGIN_RESPONSE_BODY_MB', get('ORIGIN_RESPONSE_BODY_MB'), 100, 1, 65_536) * megabyte,
    extraCa: readCaFile(get('ORIGIN_CA_FILE')),
    recrawlMinutes: intSetting('ORIGIN_RECRAWL_MINUTES', get('ORIGIN_RECRAWL_MINUTES'), 60, 0, 10_080),
    cacheBytes: intSetting('ORIGIN_CACHE_MB', get('ORIGIN_CACHE_MB'), 64, 0, 65_536) * megabyte,
  };
}

function parseOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`ORIGIN_URL is not a URL, got "${clip(value)}"`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) {
    throw new ConfigError(`ORIGIN_URL must be an http or https address without credentials, got "${clip(value)}"`);
  }
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    throw new ConfigError(`ORIGIN_URL must be an origin only (no path, query or fragment), got "${clip(value)}"`);
  }
  return url.origin;
}

const pemBlock = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Each certificate of the PEM file, checked now so a bad file stops start-up rather than every request. */
function readCaFile(file: string | undefined): string[] {
  if (!file) return [];
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`ORIGIN_CA_FILE cannot be read: ${(error as Error).message}`);
  }
  const blocks = text.match(pemBlock) ?? [];
  if (blocks.length === 0) throw new ConfigError(`ORIGIN_CA_FILE holds no PEM certificate: ${clip(file)}`);
  for (const block of blocks) {
    try {
      new X509Certificate(block);
    } catch (error) {
      throw new ConfigError(`ORIGIN_CA_FILE holds a certificate that does not parse (${(error as Error).message})`);
    }
  }
  return blocks;
}
