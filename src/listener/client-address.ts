// Who the client is, for rate limits: the socket peer, or, when that peer is a trusted proxy
// (TRUST_PROXY), the right-most X-Forwarded-For hop that is not itself trusted. IPv6 clients are
// grouped per /56 prefix (one customer site). Plain function so the MCP listener can use it too.
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import { BoundedMemo } from '../bounded-memo.ts';

/**
 * A trust list compiled once: Node's BlockList, and the same IPv4 rules as [network, mask] pairs
 * checked in plain arithmetic, since BlockList.check builds a native address object per call, for
 * every X-Forwarded-For hop of every request (bench/). The pairs answer only when no IPv6 rule can
 * cover an IPv4 address (an IPv4-mapped rule or any IPv6 subnet); otherwise BlockList answers.
 */
interface TrustList {
  list: net.BlockList;
  ipv4?: [network: number, mask: number][];
}

const compiled = new WeakMap<readonly string[], TrustList>();
/** Per trust list: socket peer → [normalized address, trusted]. Peers are few (proxies, clients). */
const peers = new WeakMap<readonly string[], BoundedMemo<string, [string, boolean]>>();

/**
 * The rate-limit key of a request, e.g. "203.0.113.9" or "2001:db8:12:3400::/56".
 * @example clientKey('10.0.0.2', '198.51.100.7, 10.0.0.1', ['10.0.0.0/8']) // '198.51.100.7'
 */
export function clientKey(
  remoteAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustProxy: readonly string[],
): string {
  return groupKey(clientAddress(remoteAddress, forwardedFor, trustProxy));
}

/** The rate-limit key of a Node request, from its socket peer and X-Forwarded-For. */
export function clientKeyOf(message: IncomingMessage, trustProxy: readonly string[]): string {
  return clientKey(message.socket.remoteAddress, message.headers['x-forwarded-for'], trustProxy);
}

/** The client's address (not grouped), following the trusted-proxy rule. */
export function clientAddress(
  remoteAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustProxy: readonly string[],
): string {
  if (trustProxy.length === 0 || forwardedFor === undefined) return normalize(remoteAddress ?? '') ?? 'unknown';
  const trusted = trustList(trustProxy);
  const [peer, peerTrusted] = peerOf(trustProxy, trusted, remoteAddress ?? '');
  if (!peerTrusted) return peer;
  let current = peer;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
  // Bounded: a hostile header cannot make us walk more hops than any real proxy chain has.
  const hops = header.split(',').slice(-32);
  // The peer is trusted: take hops from the right until one is not.
  do {
    const hop = hops.pop();
    if (hop === undefined) break;
    const address = normalize(hop.trim());
    // A trusted proxy that passes on garbage: count the request against that proxy's hop.
    if (address === undefined) break;
    current = address;
  } while (isTrusted(trusted, current));
  return current;
}

/** IPv4 addresses stand alone; IPv6 addresses are grouped per /56. */
export function groupKey(address: string): string {
  // Addresses here are normalized: only IPv6 ones contain a colon.
  if (address.includes(':')) return `${ipv6Prefix56(address)}/56`;
  return address;
}

function normalize(value: string): string | undefined {
  let address = value;
  if (address.startsWith('[') && address.includes(']')) address = address.slice(1, address.indexOf(']'));
  const zone = address.indexOf('%');
  if (zone !== -1) address = address.slice(0, zone);
  if (net.isIPv4(address)) return address;
  if (!net.isIPv6(address)) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address.toLowerCase();
}

function ipv6Prefix56(address: string): string {
  const groups = expandIpv6(address);
  const first = groups.slice(0, 3).map((g) => g.toString(16));
  const fourth = (groups[3]! & 0xff00).toString(16);
  return `${first.join(':')}:${fourth}::`;
}

function expandIpv6(address: string): number[] {
  let text = address;
  // A trailing dotted IPv4 part (e.g. ::1.2.3.4) becomes two hex groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : new Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((g) => Number.parseInt(g, 16));
}

/** The socket peer's address and whether it is a trusted proxy, remembered per peer. */
function peerOf(trustProxy: readonly string[], trusted: TrustList, remoteAddress: string): [string, boolean] {
  let known = peers.get(trustProxy);
  if (!known) peers.set(trustProxy, (known = new BoundedMemo(1_000)));
  const peer = known.get(remoteAddress);
  if (peer) return peer;
  const address = normalize(remoteAddress) ?? 'unknown';
  return known.set(remoteAddress, [address, isTrusted(trusted, address)]);
}

function trustList(entries: readonly string[]): TrustList {
  const known = compiled.get(entries);
  if (known) return known;
  const list = new net.BlockList();
  let ipv4: [number, number][] | undefined = [];
  for (const entry of entries) {
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      ipv4?.push(ipv4Rule('127.0.0.0', 8));
      continue;
    }
    const [address = '', bits] = entry.split('/');
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (!net.isIP(address)) continue;
    // Start-up validation (config.ts) refuses bad entries; one that slips through is skipped, as
    // BlockList would throw (with Node's own message) on every request that reads the list.
    try {
      if (bits === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(bits), type);
    } catch {
      // skipped: see above
    }
    if (type === 'ipv4') ipv4?.push(ipv4Rule(address, bits === undefined ? 32 : Number(bits)));
    else if (bits !== undefined || address.startsWith('::') || address.toLowerCase().includes('ffff')) ipv4 = undefined;
  }
  const trust = { list, ipv4 };
  compiled.set(entries, trust);
  return trust;
}

function ipv4Rule(address: string, bits: number): [number, number] {
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return [(ipv4Number(address) & mask) >>> 0, mask];
}

/** A dotted IPv4 address (already validated) as an unsigned 32-bit number. */
function ipv4Number(address: string): number {
  let value = 0;
  let part = 0;
  for (let i = 0; i < address.length; i += 1) {
    const code = address.charCodeAt(i);
    if (code === 46) {
      value = value * 256 + part;
      part = 0;
    } else part = part * 10 + code - 48;
  }
  return value * 256 + part;
}

function isTrusted(trust: TrustList, address: string): boolean {
  if (net.isIPv4(address)) {
    if (trust.ipv4 === undefined) return trust.list.check(address, 'ipv4');
    const value = ipv4Number(address);
    return trust.ipv4.some(([network, mask]) => (value & mask) >>> 0 === network);
  }
  if (net.isIPv6(address)) return trust.list.check(address, 'ipv6');
  return false;
}
