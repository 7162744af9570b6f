import assert from 'node:assert/strict';
import net from 'node:net';
import { describe, it } from 'node:test';
import { clientAddressRule } from '../../src/http/client-address.ts';

/** One request's key under a trust list (a rule per call: the tests vary the list). */
const clientKey = (remote: string, forwarded: string | string[] | undefined, trustProxy: string[]): string =>
  clientAddressRule(trustProxy).key(remote, forwarded);

describe('clientKey', () => {
  it('uses the socket address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    assert.equal(clientKey('203.0.113.9', '198.51.100.1', []), '203.0.113.9');
    assert.equal(clientKey('203.0.113.9', undefined, ['10.0.0.0/8']), '203.0.113.9');
  });

  it('ignores X-Forwarded-For from a peer outside TRUST_PROXY', () => {
    assert.equal(clientKey('203.0.113.9', '198.51.100.1', ['10.0.0.0/8']), '203.0.113.9');
  });

  it('takes the right-most hop that is not itself a trusted proxy', () => {
    assert.equal(clientKey('10.0.0.2', '1.1.1.1, 198.51.100.7, 10.0.0.1', ['10.0.0.0/8']), '198.51.100.7');
    assert.equal(clientKey('127.0.0.1', '198.51.100.7', ['loopback']), '198.51.100.7');
    assert.equal(clientKey('::1', '198.51.100.7', ['loopback']), '198.51.100.7');
  });

  it('accepts repeated X-Forwarded-For headers as one list', () => {
    assert.equal(clientKey('10.0.0.2', ['1.1.1.1', '198.51.100.7'], ['10.0.0.0/8']), '198.51.100.7');
  });

  it('stops at a malformed hop and counts the request against the proxy that sent it', () => {
    assert.equal(clientKey('10.0.0.2', 'not-an-ip', ['10.0.0.0/8']), '10.0.0.2');
    assert.equal(clientKey('10.0.0.2', `${'x'.repeat(10_000)}`, ['10.0.0.0/8']), '10.0.0.2');
  });

  it('uses the left-most hop when every hop is trusted', () => {
    assert.equal(clientKey('10.0.0.2', '10.0.0.9, 10.0.0.1', ['10.0.0.0/8']), '10.0.0.9');
  });

  it('groups IPv6 clients per /56 and unwraps IPv4-mapped addresses', () => {
    const a = clientKey('2001:db8:aa:bb01::1', undefined, []);
    const b = clientKey('2001:db8:aa:bbff:ffff:ffff:ffff:ffff', undefined, []);
    const c = clientKey('2001:db8:aa:cc00::1', undefined, []);
    assert.equal(a, b);
    assert.notEqual(a, c);
    assert.match(a, /\/56$/);
    assert.equal(clientKey('::ffff:192.0.2.5', undefined, []), '192.0.2.5');
    assert.equal(clientKey('127.0.0.1', '[2001:db8::1]', ['loopback']), clientKey('2001:db8::ff', undefined, []));
  });

  it('matches IPv6 proxies and CIDRs in TRUST_PROXY', () => {
    assert.equal(clientKey('fd00::5', '192.0.2.77', ['fd00::/8']), '192.0.2.77');
  });

  it("trusts exactly the IPv4 hops Node's BlockList would, for subnets, single addresses and /0", () => {
    const lists = [
      ['loopback'],
      ['10.0.0.0/8', '192.0.2.7'],
      ['172.16.0.0/12'],
      ['0.0.0.0/0'],
      ['10.0.0.0/31'],
      ['::ffff:10.0.0.0/104'],
    ];
    const hops = [
      '10.0.0.1',
      '10.255.255.255',
      '11.0.0.0',
      '127.0.0.1',
      '128.0.0.1',
      '172.31.255.255',
      '172.32.0.0',
      '192.0.2.7',
      '192.0.2.8',
      '0.0.0.0',
      '255.255.255.255',
    ];
    for (const list of lists) {
      const reference = new net.BlockList();
      for (const entry of list) {
        if (entry === 'loopback') reference.addSubnet('127.0.0.0', 8, 'ipv4');
        else {
          const [address = '', bits] = entry.split('/');
          const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
          if (bits === undefined) reference.addAddress(address, type);
          else reference.addSubnet(address, Number(bits), type);
        }
      }
      for (const hop of hops) {
        // The peer is trusted when the hop is: the key is then the client on its left.
        const trusted = reference.check(hop, 'ipv4');
        assert.equal(
          clientKey(hop, '198.51.100.1', list),
          trusted ? '198.51.100.1' : hop,
          `${hop} with ${list.join(',')}`,
        );
      }
    }
  });
});
