// A TCP relay on a fixed loopback port that a test can cut and restore, to make PostgreSQL
// "unreachable" for the app without touching the real server: cut() refuses new connections and
// drops open ones; restore() listens on the same port again.
import net from 'node:net';

export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  let server: net.Server | undefined;
  const listen = async (port: number): Promise<number> => {
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      track(client);
      track(upstream);
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    return (server.address() as net.AddressInfo).port;
  };
  const cut = async (): Promise<void> => {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise((resolve) => closing.close(resolve));
  };
  const port = await listen(0);
  return {
    port,
    cut,
    restore: async () => {
      if (!server) await listen(port);
    },
    close: cut,
  };
}

/** A relay in front of the PostgreSQL database at `url`, and the URL that reaches it through the relay. */
export async function proxyDatabase(url: string): Promise<{ proxy: TcpProxy; url: string }> {
  const direct = new URL(url);
  const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  direct.host = `127.0.0.1:${proxy.port}`;
  return { proxy, url: direct.toString() };
}
