// Every IPv6 spelling that embeds an IPv4 address is refused by a public audit before any
// connection, as the IPv4 address itself would be: IPv4-mapped, IPv4-compatible (::a.b.c.d, which
// the URL parser rewrites as ::7f00:1 and ipaddr.js reads as unicast), 6to4, Teredo and NAT64.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { addressRefusal, publicPolicy } from '../../src/audit/fetch/address-policy.ts';
import { FetchRefused } from '../../src/audit/fetch/errors.ts';
import { checkTarget } from '../../src/audit/fetch/target.ts';

describe('the public address policy', () => {
  for (const host of [
    '[::127.0.0.1]',
    '[::7f00:1]',
    '[::a9fe:a9fe]',
    '[::169.254.169.254]',
    '[::10.0.0.1]',
    '[::8.8.8.8]',
    '[::ffff:127.0.0.1]',
    '[::ffff:0:7f00:1]',
    '[2002:7f00:1::]',
    '[2002:808:808::]',
    '[2001::1]',
    '[2001:0:4136:e378:8000:63bf:3fff:fdd2]',
    '[64:ff9b::7f00:1]',
    '[64:ff9b::808:808]',
    '[64:ff9b:1::a9fe:a9fe]',
  ]) {
    it(`refuses http://${host}/ before connecting`, () => {
      assert.throws(() => checkTarget(`http://${host}/`, publicPolicy()), FetchRefused);
    });
  }

  it('refuses the IPv4-compatible form a resolver may hand back, as the connection check reads it', () => {
    assert.equal(addressRefusal('::a9fe:a9fe', publicPolicy()), 'ipv4Compatible');
    assert.equal(addressRefusal('::7f00:1', publicPolicy()), 'ipv4Compatible');
  });

  it('still allows public IPv6 and IPv4 addresses', () => {
    assert.equal(addressRefusal('2606:4700:4700::1111', publicPolicy()), null);
    assert.equal(addressRefusal('1.1.1.1', publicPolicy()), null);
    assert.equal(checkTarget('http://[2606:4700:4700::1111]/', publicPolicy()).hostname, '[2606:4700:4700::1111]');
  });
});
