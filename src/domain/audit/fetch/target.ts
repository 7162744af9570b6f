// The checks on a URL made before any connection: scheme, credentials, port, the spelling of an
// IPv4 address, and a literal address's class. Names are checked again, address by address, when
// they are resolved (connect-lookup.ts).
import { addressRefusal, hostAllowed, type FetchPolicy } from './address-policy.ts';
import { FetchRefused } from './errors.ts';

/** The host as written in an absolute URL, before the URL parser rewrites `0x7f.1` as `127.0.0.1`. */
const writtenHost = /^[a-z][a-z0-9+.-]*:\/*(?:[^@/?#\\]*@)?(\[[^\]]*\]|[^:/?#\\]*)/i;
/** Labels that are all numbers (decimal, octal or hex): the URL parser reads them as an IPv4 address. */
const numericHost = /^(?:0x[0-9a-f]*|\d+)(?:\.(?:0x[0-9a-f]*|\d+))*\.?$/i;
const dottedQuad = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/**
 * The URL `raw` names (resolved against `base` for a redirect's Location), if the policy lets an
 * audit ask for it; otherwise throws FetchRefused. Example: `checkTarget('http://0x7f.1/', policy)` throws.
 */
export function checkTarget(raw: string, policy: FetchPolicy, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new FetchRefused(raw, 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused(raw, `scheme ${url.protocol} (only http and https)`);
  if (url.username || url.password) throw new FetchRefused(raw, 'credentials in the URL are never sent');
  const written = writtenHost.exec(raw.trim())?.[1];
  if (written !== undefined && numericHost.test(written) && !dottedQuad.test(written)) {
    throw new FetchRefused(raw, `IPv4 address written as "${written}" (only the dotted-decimal form is read)`);
  }
  if (policy.mode === 'operator') return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!policy.ports.includes(url.port) && !hostAllowed(host, policy)) throw new FetchRefused(raw, `port ${url.port} (only 80 and 443)`);
  const refusal = /^[\d.]+$|:/.test(host) ? addressRefusal(host, policy) : null;
  if (refusal) throw new FetchRefused(raw, `${refusal} address`);
  return url;
}
