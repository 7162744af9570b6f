// Free loopback TCP ports, for servers the tests and the benchmarks start.
//
// A port the kernel hands out for `listen(0)` comes from its ephemeral range, the same range it
// draws the local ports of outgoing connections from (to PostgreSQL, to a CRM double, ...). Between
// releasing such a port and the server binding it, any of the many connections a parallel test run
// opens can take it. So ports are drawn at random from below that range, where only an explicit
// bind can land, and each is checked free by holding it.
import fs from 'node:fs';
import net from 'node:net';

// Above 10080, the highest of the ports the Fetch standard blocks: fetch (the SDK clients' transport
// among others) refuses a URL on one with "bad port", so a server given 10080 failed its test.
const LOWEST = 10_081;
const FALLBACK_EPHEMERAL_START = 32_768;

/** The first port of the kernel's ephemeral range, or the common default where it cannot be read. */
function ephemeralStart(): number {
  try {
    const [low] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const start = Number(low);
    return Number.isInteger(start) && start > LOWEST + 1_000 ? start : FALLBACK_EPHEMERAL_START;
  } catch {
    return FALLBACK_EPHEMERAL_START;
  }
}

const HIGHEST = ephemeralStart() - 1;

function hold(port: number): Promise<net.Server | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(undefined));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => resolve(server));
  });
}

async function holdRandomPort(taken: Set<number>): Promise<net.Server> {
  for (;;) {
    const port = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST + 1));
    if (taken.has(port)) continue;
    const server = await hold(port);
    if (server) return server;
  }
}

/** A TCP port that was free a moment ago. */
export async function freePort(): Promise<number> {
  return (await freePorts(1))[0]!;
}

/** `count` distinct ports that were free a moment ago: all are held open together, then released. */
export async function freePorts(count: number): Promise<number[]> {
  const servers: net.Server[] = [];
  const ports = new Set<number>();
  while (servers.length < count) {
    const server = await holdRandomPort(ports);
    servers.push(server);
    ports.add((server.address() as net.AddressInfo).port);
  }
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return [...ports];
}
