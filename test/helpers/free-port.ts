// Free loopback TCP ports, for servers the tests and the benchmarks start.
import net from 'node:net';

/** A TCP port that was free a moment ago. */
export async function freePort(): Promise<number> {
  return (await freePorts(1))[0]!;
}

/** `count` distinct ports that were free a moment ago: all are held open together, then released. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => net.createServer());
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
