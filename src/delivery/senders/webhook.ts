// Sends an enquiry as a Standard Webhooks POST: `webhook-id` is the delivery's stable id (the same on
// every retry, so receivers de-duplicate), `webhook-timestamp` the send time, `webhook-signature`
// the HMAC over id.timestamp.body with the CRM_WEBHOOK_SECRET.
import { Webhook } from 'standardwebhooks';
import { httpFailure } from '../policy.ts';
import type { DeliveryJob } from '../payload.ts';
import type { Sender } from './sender.ts';

/** The event type in the body; receivers switch on it. */
export const enquiryEventType = 'enquiry.received';

export function webhookSender(config: { url: string; secret: string }): Sender {
  const signer = new Webhook(config.secret);
  return async (job: DeliveryJob, signal: AbortSignal): Promise<void> => {
    const sentAt = new Date();
    const body = JSON.stringify({ type: enquiryEventType, timestamp: sentAt.toISOString(), data: job.enquiry });
    const response = await fetch(config.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': job.delivery.id,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signer.sign(job.delivery.id, sentAt, body),
      },
      body,
      // A redirect is a misconfigured URL, not something to follow with a signed body.
      redirect: 'manual',
      signal,
    });
    await response.body?.cancel();
    if (response.status < 200 || response.status > 299) {
      throw httpFailure('webhook', response.status, response.headers.get('retry-after'));
    }
  };
}
