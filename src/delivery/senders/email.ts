// Sends the internal notification e-mail over SMTP (nodemailer). User text goes only into the
// plain-text body; headers carry fixed text plus the reference, which the server generated.
import type { SendMailOptions } from 'nodemailer';
import { smtpFailure } from '../policy.ts';
import { toText, type DeliveryJob } from '../payload.ts';
import type { Sender } from './sender.ts';

/** SMTP connections kept open at most (mail servers commonly limit connections per client). */
const poolConnections = 4;

export function emailSender(config: { url: string; to: string; from: string }, timeoutMs: number): Sender {
  // nodemailer is loaded with the first e-mail, not at start-up (~25 ms of it; bench/).
  let transport: Promise<{ sendMail(options: SendMailOptions): Promise<unknown>; close(): void }> | undefined;
  const smtp = (): NonNullable<typeof transport> =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: config.url,
        // A pool of kept connections: a new connection (greeting, EHLO) per mail capped a backlog's
        // drain at well under 100 mails/s. Connections are renewed after maxMessages mails.
        pool: true,
        maxConnections: poolConnections,
        maxMessages: 1_000,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      }),
    ));
  const send = async (job: DeliveryJob, signal: AbortSignal): Promise<void> => {
    signal.throwIfAborted();
    const send = (await smtp()).sendMail({
      from: config.from,
      to: config.to,
      subject: `New ${safe(job.enquiry.kind)}: ${safe(job.enquiry.reference)} (${safe(job.enquiry.topic)})`,
      text: toText(job.enquiry),
      // A stable Message-ID per delivery lets mail systems drop a duplicate sent by a retry.
      messageId: `<${safe(job.delivery.id)}@agentsite.invalid>`,
      headers: { 'X-Agentsite-Delivery': safe(job.delivery.id) },
    });
    const aborted = new Promise<never>((_, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    try {
      await Promise.race([send, aborted]);
    } catch (error) {
      if (signal.aborted) throw error;
      throw smtpFailure(error as { responseCode?: number; code?: string });
    }
  };
  return Object.assign(send, {
    close: () =>
      void transport?.then(
        (t) => t.close(),
        () => {},
      ),
  });
}

/** Header values are server-made tokens, but keep them to a safe alphabet regardless. */
function safe(value: string): string {
  return value.replace(/[^A-Za-z0-9_.-]/g, '');
}
