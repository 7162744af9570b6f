// Health while the server audits hostile sites: a local site serving the heaviest documents an audit
// may meet (a home page of 2 MiB of `<form ` openers, cards holding 1.9 MB strings of markup and
// controls, JSON nested 300 000 levels) is audited by a server of its own (AUDIT_ALLOW_HOSTS lets it
// reach loopback) on every audit slot at once, `rounds` times, while one client reads /agent/health
// one request after another. The audits run in worker threads; the row is how long health waits.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { maxRunningAudits } from '../../src/audit/running-audits.ts';
import { startServer } from './processes.ts';

const rounds = 2;
const mib = 1024 * 1024;

/** The hostile site's documents by path; every other path is a 404. */
function hostileDocuments(origin: string): Map<string, [type: string, body: string]> {
  const markup = `<script>alert(1)</script><img src=x onerror=alert(1)>[x](javascript:alert(1))\u202e\u001b[2J\u0000\u0085`;
  const big = `${markup}${'y'.repeat(1_900_000)}`;
  const opening = `<title>x</title><form toolname="${markup}" tooldescription="d">`;
  const json = (value: unknown): [string, string] => ['application/json', JSON.stringify(value)];
  return new Map([
    // Just under the fetcher's 2 MiB a response, so the whole page is read and parsed.
    ['/', ['text/html', opening + '<form '.repeat(Math.floor((2 * mib - 4096 - opening.length) / 6))]],
    [
      '/.well-known/agent-card.json',
      json({
        name: big,
        description: markup,
        version: '1',
        supportedInterfaces: [{ url: `${origin}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
        skills: [],
      }),
    ],
    [
      '/.well-known/mcp/server-card.json',
      json({ name: big, remotes: [{ type: 'streamable-http', url: `${origin}/mcp` }] }),
    ],
    ['/.well-known/api-catalog', ['application/linkset+json', `{"linkset": ${'['.repeat(300_000)}`]],
    ['/llms.txt', ['text/markdown', `# ${markup}\n\n- ${big}\n`]],
  ]);
}

async function startHostileSite(): Promise<{ url: string; close(): void }> {
  let documents = new Map<string, [string, string]>();
  const server = http.createServer((request, response) => {
    const found = documents.get(new URL(request.url ?? '/', 'http://x').pathname);
    if (!found) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': found[0] }).end(found[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  documents = hostileDocuments(url);
  return { url, close: () => void server.close() };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Health p50/p99 while hostile audits run; each request from its own address, so no budget is spent out. */
export async function measureHealthUnderHostileAudits(log: (line: string) => void): Promise<Record<string, number>> {
  const site = await startHostileSite();
  const server = await startServer({ AUDIT_ALLOW_HOSTS: '127.0.0.1' });
  let client = 0;
  const from = (): Record<string, string> => {
    client += 1;
    return { 'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}` };
  };
  try {
    const audit = async (): Promise<number> => {
      const response = await fetch(`${server.baseUrl}/agent/audits`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...from() },
        body: JSON.stringify({ url: site.url }),
      });
      await response.arrayBuffer();
      return response.status;
    };
    let auditing = true;
    const started = performance.now();
    const audits = (async () => {
      const statuses: number[] = [];
      for (let round = 0; round < rounds; round += 1)
        statuses.push(...(await Promise.all(Array.from({ length: maxRunningAudits }, audit))));
      return statuses;
    })().finally(() => {
      auditing = false;
    });
    const waits: number[] = [];
    let failed = 0;
    while (auditing) {
      const asked = performance.now();
      const response = await fetch(`${server.baseUrl}/agent/health`, { headers: from() });
      await response.arrayBuffer();
      if (response.status === 200) waits.push(performance.now() - asked);
      else failed += 1;
    }
    const statuses = await audits;
    const wall = performance.now() - started;
    waits.sort((a, b) => a - b);
    const created = statuses.filter((status) => status === 201).length;
    const ok = created === statuses.length && failed === 0 && waits.length > 0;
    log(
      `${ok ? '✓' : '✗'} health during hostile audits: p99 ${percentile(waits, 99).toFixed(0)} ms over ${waits.length} reads, ` +
        `${created}/${statuses.length} audits 201 in ${(wall / 1000).toFixed(1)} s${failed ? `, ${failed} health reads not 200` : ''}`,
    );
    return {
      [`health p50 while the server audits a hostile site, ${maxRunningAudits} at a time (ms)`]: percentile(waits, 50),
      [`health p99 while the server audits a hostile site, ${maxRunningAudits} at a time (ms)`]: percentile(waits, 99),
      [`hostile audits answered 201, of ${statuses.length}`]: created,
      [`hostile audits, ${rounds} rounds of ${maxRunningAudits}, wall time (ms)`]: wall,
    };
  } finally {
    await server.stop();
    site.close();
  }
}
