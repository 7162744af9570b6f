// The checks on a URL made before any connection: scheme, credentials, port, the spelling of an
// IPv4 address, and a literal address's class. Names are checked again, address by address, when
// they are resolved (connect-lookup.ts).
import { addressRefusal, hostAllowed, type FetchPolicy } from './address-policy.ts';
import { FetchRefused } from './errors.ts';

/** The host as written, before the URL parser rewrites `0x7f.1`, `2130706433` or `%30x7f.1` as `127.0.0.1`. */
const writtenHost = /^(?:[a-z][a-z0-9+.-]*:)?[/\\]*(?:[^@/?#\\]*@)?(\[[^\]]*\]|[^:/?#\\]*)/i;
const namesHost = /^(?:[a-z][a-z0-9+.-]*:|[/\\]{2})/i;
const ipv4 = /^\d+\.\d+\.\d+\.\d+$/;

/**
 * The URL `raw` names (resolved against `base` for a redirect's Location), if the policy lets an
 * audit ask for it; otherwise throws FetchRefused. Example: `checkTarget('http://0x7f.1/', policy)` throws.
 */
export function checkTarget(raw: string, policy: FetchPolicy, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new FetchRefused(raw, { key: 'notUrl' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchRefused(raw, { key: 'scheme', values: { scheme: url.protocol } });
  if (url.username || url.password) throw new FetchRefused(raw, { key: 'credentials' });
  // An IPv4 address is read only as written in its one dotted-decimal form; a relative reference keeps the (checked) base's host.
  const cleaned = raw.replace(/[\t\n\r]/g, '').trim();
  if (ipv4.test(url.hostname) && namesHost.test(cleaned)) {
    const written = writtenHost.exec(cleaned)?.[1] ?? '';
    if (written.toLowerCase() !== url.hostname)
      throw new FetchRefused(raw, { key: 'ipv4Spelling', values: { written } });
  }
  if (policy.mode === 'operator') return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!policy.ports.includes(url.port) && !hostAllowed(host, policy))
    throw new FetchRefused(raw, { key: 'port', values: { port: url.port } });
  const refusal = /^[\d.]+$|:/.test(host) ? addressRefusal(host, policy) : null;
  if (refusal) throw new FetchRefused(raw, { key: 'address', values: { range: refusal } });
  return url;
}
