// The physical limit: a bare node:http server answering one fixed JSON body, run as its own process
// like the real server, so each scenario can be read as a fraction of what this runtime can do here.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const body = Buffer.from(JSON.stringify({ status: 'ok', service: 'bare', version: '0' }));
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  // The parent reads the port from this one line.
  console.log(`bare listening ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
