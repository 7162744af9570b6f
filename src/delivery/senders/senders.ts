// The table of senders built from the configuration: one per configured delivery target.
import type { Config } from '../../config/config.ts';
import { emailSender } from './email.ts';
import { hubspotSender } from './hubspot.ts';
import type { Senders } from './sender.ts';
import { webhookSender } from './webhook.ts';

/** One sender per configured target; the worker only claims deliveries it has a sender for. */
export function buildSenders(config: Config): Senders {
  const senders: Senders = {};
  if (config.crmWebhook) senders.webhook = webhookSender(config.crmWebhook);
  if (config.hubspot) senders.hubspot = hubspotSender(config.hubspot);
  if (config.smtp) senders.email = emailSender(config.smtp, config.delivery.sendTimeoutMs);
  return senders;
}

/** Closes every sender's pooled connections. */
export function closeSenders(senders: Senders): void {
  for (const sender of Object.values(senders)) sender.close?.();
}
