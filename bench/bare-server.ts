// The physical limit: a bare node:http server answering one fixed JSON body, run as its own process
// like the real server, so each scenario can be read as a fraction of what this runtime can do here.
// With BARE_RESPONSE (a JSON file of `{ status, headers, body }`, the body in base64) it answers that
// response instead: a page's exact bytes, to tell the server's own cost from the cost of the bytes.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface FixedResponse {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

function fixedResponse(): FixedResponse {
  const file = process.env.BARE_RESPONSE;
  if (!file) {
    const body = Buffer.from(JSON.stringify({ status: 'ok', service: 'bare', version: '0' }));
    return { status: 200, headers: { 'content-type': 'application/json', 'content-length': body.length }, body };
  }
  const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    status: number;
    headers: http.OutgoingHttpHeaders;
    body: string;
  };
  return { status: saved.status, headers: saved.headers, body: Buffer.from(saved.body, 'base64') };
}

const { status, headers, body } = fixedResponse();
const server = http.createServer((_req, res) => {
  res.writeHead(status, headers);
  res.end(body);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  // The parent reads the port from this one line.
  console.log(`bare listening ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
