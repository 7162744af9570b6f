// The resolver the audit's connections use: it resolves a name once, refuses it when any of its
// addresses is refused, and hands the checked addresses to the socket, so no second lookup (which a
// DNS rebind could answer differently) stands between the check and the connection.
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { addressRefusal, hostAllowed, type FetchPolicy } from './address-policy.ts';
import { FetchRefused } from './errors.ts';
import type { FetchReason } from '../words/fetch-reasons.ts';

export function checkedLookup(policy: FetchPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0, hints: options.hints ?? 0 }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const named = hostAllowed(hostname, policy);
      const refused = named ? undefined : addresses.find((entry) => addressRefusal(entry.address, policy) !== null);
      if (refused || addresses.length === 0) {
        const reason: FetchReason = refused
          ? {
              key: 'resolvesTo',
              values: { host: hostname, range: addressRefusal(refused.address, policy)!, address: refused.address },
            }
          : { key: 'noAddress', values: { host: hostname } };
        return callback(
          Object.assign(new FetchRefused(`http://${hostname}/`, reason), { code: 'EAUDITREFUSED' }),
          '',
          0,
        );
      }
      if (options.all) (callback as unknown as (e: null, all: dns.LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
