// A raw TCP client for requests no HTTP library will send: bodies that stall, headers that never
// end, oversized uploads. It records what the server wrote and whether the server closed first.
import net from 'node:net';

export interface RawConnection {
  socket: net.Socket;
  /** Everything the server sent, once the connection has closed. */
  closed: Promise<{ text: string; closedByServer: boolean }>;
  /** What the server has sent so far. */
  received(): string;
}

/** Connects to 127.0.0.1:`port` and writes `text` (raw HTTP, CRLF line ends). */
export function openRaw(port: number, text = ''): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closedByServer = false;
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      closedByServer = true;
    });
    // A server that closes while we still write resets the connection: that is a close by the server too.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') closedByServer = true;
    });
    const received = (): string => Buffer.concat(chunks).toString('utf8');
    const closed = new Promise<{ text: string; closedByServer: boolean }>((done) => {
      socket.on('close', () => done({ text: received(), closedByServer }));
    });
    socket.once('connect', () => {
      socket.off('error', reject);
      if (text) socket.write(text);
      resolve({ socket, closed, received });
    });
    socket.once('error', reject);
  });
}
