// Which addresses an audit may connect to. Public mode: only globally routable unicast addresses
// (ipaddr.js's `unicast` range), so loopback, private, link-local, unique-local, multicast,
// unspecified, carrier-grade NAT, reserved and the IPv6 forms that embed an IPv4 address (mapped
// to a refused one, IPv4-compatible, 6to4, NAT64, Teredo) are all refused, unless AUDIT_ALLOW_HOSTS
// names them. Operator mode: anything.
import ipaddr from 'ipaddr.js';
import { publicPorts } from './limits.ts';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

export interface AllowList {
  /** Host names allowed as written (lower case), with every address they resolve to. */
  names: ReadonlySet<string>;
  /** Addresses and ranges allowed. */
  ranges: readonly [Address, number][];
}

/** `ports`: the ports a public audit may reach (80 and 443, written '' when the scheme's default). */
export type FetchPolicy = { mode: 'public'; allow: AllowList; ports: readonly string[] } | { mode: 'operator' };

const emptyAllowList: AllowList = { names: new Set(), ranges: [] };

/** What the public surfaces audit with: public addresses on ports 80 and 443, and what AUDIT_ALLOW_HOSTS adds. */
export function publicPolicy(allow: AllowList = emptyAllowList, ports: readonly string[] = publicPorts): FetchPolicy {
  return { mode: 'public', allow, ports };
}

/** What the operator's CLI audits with: any address and port (still http(s), redirects and limits checked). */
export const operatorPolicy: FetchPolicy = { mode: 'operator' };

const hostName = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/**
 * Parses AUDIT_ALLOW_HOSTS entries: host names, addresses and CIDRs. Throws naming the first entry
 * that is none of them. Example: `parseAllowList(['127.0.0.0/8', '::1', 'intranet.example'])`.
 */
export function parseAllowList(entries: readonly string[]): AllowList {
  const names = new Set<string>();
  const ranges: [Address, number][] = [];
  for (const entry of entries) {
    const shown = entry.length > 60 ? `${entry.slice(0, 60)}…` : entry;
    if (entry.includes('/')) {
      try {
        const [address, bits] = ipaddr.parseCIDR(entry);
        ranges.push([
          normal(address),
          address.kind() === 'ipv6' && normal(address).kind() === 'ipv4' ? Math.max(0, bits - 96) : bits,
        ]);
        continue;
      } catch {
        throw new Error(`"${shown}" is not a CIDR (address/prefix)`);
      }
    }
    if (ipaddr.isValid(entry) && (ipaddr.IPv6.isValid(entry) || ipaddr.IPv4.isValidFourPartDecimal(entry))) {
      const address = normal(ipaddr.parse(entry));
      ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else if (hostName.test(entry) && !/^[\d.]+$/.test(entry)) {
      names.add(entry.toLowerCase());
    } else {
      throw new Error(`"${shown}" is not a host name, an address or a CIDR`);
    }
  }
  return { names, ranges };
}

/** Why `address` may not be reached (the range's name, e.g. `loopback`), or null when it may. */
export function addressRefusal(address: string, policy: FetchPolicy): string | null {
  if (policy.mode === 'operator') return null;
  if (!ipaddr.isValid(address)) return 'not an address';
  const parsed = normal(ipaddr.parse(address));
  if (inAllowedRange(parsed, policy.allow)) return null;
  // ipaddr.js reads ::a.b.c.d (deprecated IPv4-compatible, ::/96) as ordinary unicast.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).match(ipv4Compatible) && parsed.range() === 'unicast')
    return 'ipv4Compatible';
  const range = parsed.range();
  return range === 'unicast' ? null : range;
}

/** Whether `host` (a URL's host name, or an address without brackets) is on the allow-list itself. */
export function hostAllowed(host: string, policy: FetchPolicy): boolean {
  if (policy.mode === 'operator') return true;
  if (policy.allow.names.has(host.toLowerCase())) return true;
  return ipaddr.isValid(host) && inAllowedRange(normal(ipaddr.parse(host)), policy.allow);
}

function inAllowedRange(address: Address, allow: AllowList): boolean {
  return allow.ranges.some(([base, bits]) => base.kind() === address.kind() && address.match(base, bits));
}

const ipv4Compatible = ipaddr.parseCIDR('::/96');

/** An IPv4-mapped IPv6 address is its IPv4 address, so one rule covers both spellings. */
function normal(address: Address): Address {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}
