// A local site made of fixed documents (path → type and body), every other path 404: the shape of
// a real site with exactly the documents a test names, audited through the loopback allowance.
import type { AuditReport, CheckId, CheckResult } from '../../src/audit/report.ts';
import { auditSite } from '../../src/audit/run-audit.ts';
import { loopbackAllowed } from '../domain/audit/audit-helpers.ts';
import { recordingServer, type RecordingServer } from '../domain/audit/recording-server.ts';

export interface Doc {
  type: string;
  body: string | Buffer;
  headers?: Record<string, string>;
  status?: number;
}

export interface DocumentSite extends RecordingServer {
  /** The documents served now; a test may replace them between audits. */
  docs: Record<string, Doc>;
  audit(): Promise<AuditReport>;
}

export async function documentSite(docs: Record<string, Doc> = {}): Promise<DocumentSite> {
  const site = await recordingServer((request, response) => {
    const doc = found.docs[new URL(request.url ?? '/', 'http://x').pathname];
    if (!doc) return void response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    response.writeHead(doc.status ?? 200, { 'content-type': doc.type, ...doc.headers }).end(doc.body);
  });
  const found: DocumentSite = Object.assign(site, {
    docs,
    audit: () => auditSite(`${site.url}/`, { policy: loopbackAllowed }),
  });
  return found;
}

export const htmlDoc = (body: string): Doc => ({ type: 'text/html; charset=utf-8', body });
export const jsonDoc = (value: unknown, type = 'application/json'): Doc => ({ type, body: JSON.stringify(value) });

/** An A2A 0.3 agent card as the official SDK serves it from `siteUrl`, with `changes` laid over it. */
export function legacyA2aCard(siteUrl: string, changes: Record<string, unknown> = {}): Doc {
  return jsonDoc({
    name: 'Acme agent',
    description: 'Answers questions about Acme.',
    version: '1.0.0',
    protocolVersion: '0.3.0',
    url: `${siteUrl}/a2a/jsonrpc`,
    preferredTransport: 'JSONRPC',
    capabilities: {},
    defaultInputModes: ['text'],
    defaultOutputModes: ['text'],
    skills: [{ id: 'ask', name: 'Ask', description: 'Answers a question.', tags: [] }],
    ...changes,
  });
}

/** One check of a report. */
export function checkOf(report: AuditReport, id: CheckId): CheckResult {
  const check = report.checks.find((c) => c.id === id);
  if (!check) throw new Error(`no ${id} in the report`);
  return check;
}
