// Front mode (ORIGIN_URL): the product stands in front of the agency's existing site, whose pages and
// assets it passes through; the bounds on that pass-through are read here.
import { ConfigError, clip, intSetting } from './values.ts';

export interface FrontSettings {
  /** ORIGIN_URL: the agency's existing site (its origin only), e.g. http://10.0.0.5:8080. */
  originUrl: string;
  /** ORIGIN_TIMEOUT_MS: the origin's headers, and each wait between two parts of its body, must come within this. */
  timeoutMs: number;
  /** ORIGIN_REQUEST_BODY_MB, in bytes: the largest request body (a form, an upload) passed to the origin. */
  requestBodyBytes: number;
  /** ORIGIN_RESPONSE_BODY_MB, in bytes: the largest answer passed back; a longer one is cut off. */
  responseBodyBytes: number;
}

const megabyte = 1024 * 1024;

/** Undefined without ORIGIN_URL: the product is then the whole site (site mode). */
export function parseFrontSettings(get: (name: string) => string | undefined): FrontSettings | undefined {
  const origin = get('ORIGIN_URL');
  if (origin === undefined) return undefined;
  return {
    originUrl: parseOrigin(origin),
    timeoutMs: intSetting('ORIGIN_TIMEOUT_MS', get('ORIGIN_TIMEOUT_MS'), 15_000, 100, 600_000),
    requestBodyBytes: intSetting('ORIGIN_REQUEST_BODY_MB', get('ORIGIN_REQUEST_BODY_MB'), 10, 1, 4_096) * megabyte,
    responseBodyBytes: intSetting('ORIGIN_RESPONSE_BODY_MB', get('ORIGIN_RESPONSE_BODY_MB'), 100, 1, 65_536) * megabyte,
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
