import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { operatorPolicy, parseAllowList, publicPolicy } from '../../../src/audit/fetch/address-policy.ts';
import { FetchRefused } from '../../../src/audit/fetch/errors.ts';
import { checkTarget } from '../../../src/audit/fetch/target.ts';

const loopback = publicPolicy(parseAllowList(['127.0.0.0/8']));
const refuses = (raw: string, policy = loopback, base?: URL): void =>
  assert.throws(
    () => checkTarget(raw, policy, base),
    (error: Error) => error instanceof FetchRefused && /written as/.test(error.message),
    raw,
  );

describe('checkTarget and IPv4 spellings', () => {
  it('reads an IPv4 address only in its dotted-decimal form, whatever the policy', () => {
    for (const raw of [
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0177.0.0.1/',
      'http://127.000.0.1/',
      'http://127.1/',
      'http://0x7f.1/',
      'http://%31%32%37.0.0.1/',
      'http://127.0.0.1./',
      'http:\\\\0x7f.1\\',
      'http:0x7f.1/',
      '//0x7f.1/',
    ]) {
      refuses(raw, loopback, new URL('http://127.0.0.1/'));
      refuses(raw, operatorPolicy, new URL('http://127.0.0.1/'));
    }
  });

  it('accepts the dotted-decimal form, host names and a relative reference on a checked base', () => {
    assert.equal(checkTarget('http://127.0.0.1:8080/x', loopback).host, '127.0.0.1:8080');
    assert.equal(checkTarget('/next', loopback, new URL('http://127.0.0.1:8080/x')).href, 'http://127.0.0.1:8080/next');
    assert.equal(checkTarget('https://cafe.example/', publicPolicy()).hostname, 'cafe.example');
    assert.equal(checkTarget('https://1.1.1.1/', publicPolicy()).hostname, '1.1.1.1');
  });
});
