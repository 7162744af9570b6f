// Who the client is, for rate limits: the socket peer, or, when that peer is a trusted proxy
// (TRUST_PROXY), the right-most X-Forwarded-For hop that is not itself trusted. IPv6 clients are
// grouped per /56 prefix (one customer site). The rule is built once per service from its trust
// list (services.clientAddress) and read by every listener, the MCP one included.
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import { BoundedMemo } from '../cache/bounded-memo.ts';

/** A trust list compiled once into Node's BlockList. */
type TrustList = net.BlockList;

/** The client-key rule of one trust list (TRUST_PROXY). */
export interface ClientAddressRule {
  /**
   * The rate-limit key of a request, e.g. "203.0.113.9" or "2001:db8:12:3400::/56".
   * @example clientAddressRule(['10.0.0.0/8']).key('10.0.0.2', '198.51.100.7, 10.0.0.1') // '198.51.100.7'
   */
  key(remoteAddress: string | undefined, forwardedFor: string | string[] | undefined): string;
  /** The rate-limit key of a Node request, from its socket peer and X-Forwarded-For. */
  keyOf(message: IncomingMessage): string;
  /** The client's own address (not grouped), e.g. for the X-Forwarded-For a proxied request carries. */
  addressOf(message: IncomingMessage): string;
}

export function clientAddressRule(trustProxy: readonly string[]): ClientAddressRule {
  const trusted = trustProxy.length === 0 ? undefined : trustList(trustProxy);
  // Socket peer → [normalized address, trusted]. Peers are few (proxies, clients).
  const peers = new BoundedMemo<string, [string, boolean]>(1_000);
  const peerOf = (remoteAddress: string): [string, boolean] => {
    const peer = peers.get(remoteAddress);
    if (peer) return peer;
    const address = normalize(remoteAddress) ?? 'unknown';
    return peers.set(remoteAddress, [address, trusted !== undefined && isTrusted(trusted, address)]);
  };
  const address = (remoteAddress: string | undefined, forwardedFor: string | string[] | undefined): string => {
    const [peer, peerTrusted] = peerOf(remoteAddress ?? '');
    // Most requests: the peer is the client, or names no other.
    if (trusted === undefined || !peerTrusted || forwardedFor === undefined) return peer;
    let current = peer;
    const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
    // Bounded: a hostile header cannot make us walk more hops than any real proxy chain has.
    const hops = header.split(',').slice(-32);
    // The peer is trusted: take hops from the right until one is not.
    do {
      const hop = hops.pop();
      if (hop === undefined) break;
      const hopAddress = normalize(hop.trim());
      // A trusted proxy that passes on garbage: count the request against that proxy's hop.
      if (hopAddress === undefined) break;
      current = hopAddress;
    } while (isTrusted(trusted, current));
    return current;
  };
  const key = (remoteAddress: string | undefined, forwardedFor: string | string[] | undefined): string =>
    groupKey(address(remoteAddress, forwardedFor));
  return {
    key,
    keyOf: (message) => key(message.socket.remoteAddress, message.headers['x-forwarded-for']),
    addressOf: (message) => address(message.socket.remoteAddress, message.headers['x-forwarded-for']),
  };
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

function trustList(entries: readonly string[]): TrustList {
  const list = new net.BlockList();
  for (const entry of entries) {
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
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
  }
  return list;
}

function isTrusted(trust: TrustList, address: string): boolean {
  if (net.isIPv4(address)) return trust.check(address, 'ipv4');
  if (net.isIPv6(address)) return trust.check(address, 'ipv6');
  return false;
}
