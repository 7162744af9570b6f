import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config/config.ts';

describe('AUDIT_ALLOW_HOSTS', () => {
  it('is empty by default: the audit reaches public hosts only', () => {
    assert.deepEqual(loadConfig({}).auditAllowHosts, []);
  });

  it('takes host names, addresses and CIDRs of both families', () => {
    const config = loadConfig({ AUDIT_ALLOW_HOSTS: 'intranet.example, 10.1.2.3,127.0.0.0/8, ::1, fd00::/8' });
    assert.deepEqual(config.auditAllowHosts, ['intranet.example', '10.1.2.3', '127.0.0.0/8', '::1', 'fd00::/8']);
  });

  for (const [label, value] of [
    ['a CIDR with too many bits', '10.0.0.0/33'],
    ['a decimal IPv4 spelling', '2130706433'],
    ['a short IPv4 spelling', '127.1'],
    ['a URL instead of a host', 'http://intranet.example'],
    ['an octal IPv4 spelling', '0177.0.0.1'],
  ] as const) {
    it(`refuses ${label} with one line naming the variable and the entry`, () => {
      assert.throws(
        () => loadConfig({ AUDIT_ALLOW_HOSTS: value }),
        (error: Error) =>
          error instanceof ConfigError &&
          error.message.startsWith('AUDIT_ALLOW_HOSTS entry ') &&
          error.message.includes(value.split('/')[0]!) &&
          !error.message.includes('\n'),
      );
    });
  }
});
