// A local HTTP server that counts the connections it receives, so a test can show that a refused
// fetch never reached it, and records each request's headers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from '../../helpers/loopback-server.ts';

export interface RecordingServer {
  url: string;
  port: number;
  connections: number;
  requests: http.IncomingHttpHeaders[];
  close(): Promise<void>;
}

export async function recordingServer(
  handler: http.RequestListener = (_request, response) => response.end('ok'),
  host = '127.0.0.1',
): Promise<RecordingServer> {
  const server = http.createServer((request, response) => {
    record.requests.push(request.headers);
    handler(request, response);
  });
  const record: RecordingServer = {
    url: '',
    port: 0,
    connections: 0,
    requests: [],
    close: () => closeServer(server),
  };
  server.on('connection', () => {
    record.connections += 1;
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, host, resolve));
  record.port = (server.address() as AddressInfo).port;
  record.url = `http://${host.includes(':') ? `[${host}]` : host}:${record.port}`;
  return record;
}
