// Real receivers on loopback for delivery tests: a Standard Webhooks receiver that verifies every
// signature and counts deliveries by webhook-id, a HubSpot double, and an SMTP server (smtp-server).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { Webhook } from 'standardwebhooks';
import { listenOnLoopback } from '../helpers/loopback-server.ts';

export const webhookSecret = `whsec_${Buffer.from('agentsite-test-secret-0123456789').toString('base64')}`;

export interface Receiver {
  url: string;
  /** Accepted deliveries by webhook-id; a count above 1 is a duplicate. */
  seen: Map<string, number>;
  /** Parsed bodies of accepted deliveries. */
  bodies: { type: string; data: { reference: string; [key: string]: unknown } }[];
  /** Requests answered with a failure status, or with a bad signature. */
  refused: number;
  badSignatures: number;
  /** Status to answer with (200 = accept). */
  status: number;
  /** Milliseconds to wait before answering. */
  delayMs: number;
  /** Requests received but not yet answered. */
  openRequests: number;
  close(): Promise<void>;
}

/** The request body; a client that dies mid-request (the crash test) yields an empty, unanswered body. */
function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(''));
  });
}

export async function startWebhookReceiver(secret: string = webhookSecret): Promise<Receiver> {
  const verifier = new Webhook(secret);
  const server = http.createServer(async (req, res) => {
    receiver.openRequests += 1;
    res.on('finish', () => (receiver.openRequests -= 1));
    const body = await readBody(req);
    if (!req.complete) return; // the sender died mid-request: nothing was delivered
    if (receiver.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, receiver.delayMs));
    if (receiver.status !== 200) {
      receiver.refused += 1;
      res.writeHead(receiver.status).end();
      return;
    }
    try {
      verifier.verify(body, req.headers as Record<string, string>);
    } catch {
      receiver.badSignatures += 1;
      res.writeHead(401).end();
      return;
    }
    const id = String(req.headers['webhook-id']);
    receiver.seen.set(id, (receiver.seen.get(id) ?? 0) + 1);
    receiver.bodies.push(JSON.parse(body));
    res.writeHead(204).end();
  });
  const receiver: Receiver = {
    url: await listenOnLoopback(server),
    seen: new Map(),
    bodies: [],
    refused: 0,
    badSignatures: 0,
    status: 200,
    delayMs: 0,
    openRequests: 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  server.keepAliveTimeout = 100;
  return receiver;
}

export interface HubspotDouble {
  url: string;
  /** Calls in order: path, parsed body and the answered status. */
  calls: { path: string; status: number; at: number; body: Record<string, unknown>; auth: string | undefined }[];
  /** Notes created, with the contact each is associated to. */
  notes: { id: string; contactId: string; body: string }[];
  /** The next this-many calls get 429 with the given Retry-After. */
  rateLimitNext: number;
  retryAfter: string;
  /** The next note is created, but its answer is lost (the connection is dropped). */
  loseNextNoteAnswer: boolean;
  close(): Promise<void>;
}

/** A stateful stand-in for the few HubSpot CRM v3 endpoints the sender uses. */
export async function startHubspotDouble(): Promise<HubspotDouble> {
  const contacts = new Map<string, string>();
  const server = http.createServer(async (req, res) => {
    const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
    const call = { path: req.url ?? '', status: 200, at: Date.now(), body, auth: req.headers.authorization };
    double.calls.push(call);
    const answer = (status: number, value: unknown, headers: Record<string, string> = {}): void => {
      call.status = status;
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
    };
    const contactPath = /^\/crm\/v3\/objects\/contacts\/(\d+)\?associations=notes$/.exec(req.url ?? '');
    if (double.rateLimitNext > 0) {
      double.rateLimitNext -= 1;
      answer(429, { status: 'error', category: 'RATE_LIMITS' }, { 'retry-after': double.retryAfter });
    } else if (req.method === 'POST' && req.url === '/crm/v3/objects/contacts/batch/upsert') {
      const input = (body.inputs as { id: string }[])[0]!;
      if (!contacts.has(input.id)) contacts.set(input.id, String(1001 + contacts.size));
      answer(200, { status: 'COMPLETE', results: [{ id: contacts.get(input.id), properties: {} }] });
    } else if (req.method === 'POST' && req.url === '/crm/v3/objects/notes') {
      const note = body as { properties: { hs_note_body: string }; associations: { to: { id: string } }[] };
      const id = String(9001 + double.notes.length);
      double.notes.push({ id, contactId: note.associations[0]!.to.id, body: note.properties.hs_note_body });
      if (double.loseNextNoteAnswer) {
        double.loseNextNoteAnswer = false;
        call.status = 0;
        res.socket?.destroy();
        return;
      }
      answer(201, { id, properties: {} });
    } else if (req.method === 'GET' && contactPath) {
      const results = double.notes
        .filter((n) => n.contactId === contactPath[1])
        .map((n) => ({ id: n.id, type: 'contact_to_note' }));
      answer(200, {
        id: contactPath[1],
        properties: {},
        ...(results.length > 0 ? { associations: { notes: { results } } } : {}),
      });
    } else if (req.method === 'POST' && req.url === '/crm/v3/objects/notes/batch/read') {
      const ids = (body.inputs as { id: string }[]).map((input) => input.id);
      const results = double.notes
        .filter((n) => ids.includes(n.id))
        .map((n) => ({ id: n.id, properties: { hs_note_body: n.body } }));
      answer(200, { status: 'COMPLETE', results });
    } else {
      answer(404, { status: 'error', category: 'OBJECT_NOT_FOUND' });
    }
  });
  const double: HubspotDouble = {
    url: await listenOnLoopback(server),
    calls: [],
    notes: [],
    rateLimitNext: 0,
    retryAfter: '1',
    loseNextNoteAnswer: false,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  server.keepAliveTimeout = 100;
  return double;
}

export interface MailServer {
  url: string;
  messages: { from: string; to: string[]; raw: string }[];
  /** When set, DATA is answered with this SMTP code (e.g. 451 or 550). */
  failWith?: number | undefined;
  close(): Promise<void>;
}

export async function startMailServer(): Promise<MailServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (mail.failWith) {
          const error = Object.assign(new Error('refused by test'), { responseCode: mail.failWith });
          callback(error);
          return;
        }
        mail.messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  // A client killed mid-session (the crash test) resets its connection; that is not a test failure.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const mail: MailServer = {
    url: `smtp://127.0.0.1:${port}`,
    messages: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return mail;
}

/** Polls until `check` returns true or the time is up (then throws with `what`). */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
