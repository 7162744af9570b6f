// Host names under .test answered by this machine, for every fetch of the test process (the MCP and
// A2A SDK clients' included): a request to http://verto.test:<port>/ reaches the loopback listener
// with `Host: verto.test:<port>`, as a request through a proxy would.
import dns from 'node:dns';
import { Agent, setGlobalDispatcher } from 'undici';

type Lookup = typeof dns.lookup;

const lookup = ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
  if (!hostname.endsWith('.test')) return dns.lookup(hostname, options, callback as never);
  if (options.all) return callback(null, [{ address: '127.0.0.1', family: 4 }]);
  return callback(null, '127.0.0.1', 4);
}) as Lookup;

export function answerTestHostsLocally(): void {
  setGlobalDispatcher(new Agent({ connect: { lookup } }));
}
