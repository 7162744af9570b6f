// The table of senders built from delivery targets (the instance's, or one site's): one per target.
import type { DeliveryTargets } from '../../config/delivery.ts';
import { emailSender } from './email.ts';
import { hubspotSender } from './hubspot.ts';
import type { Senders } from './sender.ts';
import { webhookSender } from './webhook.ts';

/** One sender per configured target; the worker only claims deliveries it has a sender for. */
export function buildSenders(config: DeliveryTargets, sendTimeoutMs: number): Senders {
  const senders: Senders = {};
  if (config.crmWebhook) senders.webhook = webhookSender(config.crmWebhook);
  if (config.hubspot) senders.hubspot = hubspotSender(config.hubspot);
  if (config.smtp) senders.email = emailSender(config.smtp, sendTimeoutMs);
  return senders;
}

/** Closes every sender's pooled connections. */
export function closeSenders(senders: Senders): void {
  for (const sender of Object.values(senders)) sender.close?.();
}
