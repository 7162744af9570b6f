// A bare node:http server answering exactly the bytes the real server sends for one page (status,
// headers and compressed body, saved from one request), measured beside that page: what is left
// between the two is the server's own cost; what is left between the replica and the plain bare
// server is the cost of the bytes themselves (writing them, and the load generator reading them).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startBareServer, type BareServer } from './processes.ts';

/** Headers Node writes itself on every response; the replica's server writes its own. */
const perConnection = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** One GET as sent on the wire (no decompression), with the headers as received. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'x-forwarded-for': '192.0.2.3', ...headers }, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res
          .on('data', (chunk: Buffer) => chunks.push(chunk))
          .on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** Saves the answer to `url` with `headers` and starts a bare server answering it. */
export async function startPageReplica(url: string, headers: Record<string, string>): Promise<BareServer> {
  const answer = await rawGet(url, headers);
  const kept = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !perConnection.has(name)));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentsite-replica-'));
  const file = path.join(dir, 'response.json');
  fs.writeFileSync(
    file,
    JSON.stringify({ status: answer.status, headers: kept, body: answer.body.toString('base64') }),
  );
  const server = await startBareServer({ BARE_RESPONSE: file });
  return {
    ...server,
    async stop() {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
