// The contract every target implements, and the table of senders built from the configuration.
import type { Config } from '../../config.ts';
import type { DeliveryTarget } from '../targets.ts';
import type { DeliveryJob } from '../payload.ts';
import { emailSender } from './email.ts';
import { hubspotSender } from './hubspot.ts';
import { webhookSender } from './webhook.ts';

/**
 * Sends one delivery. Resolves on success; throws (ideally a DeliveryFailure) otherwise. Must stop
 * when `signal` aborts: it carries the per-send timeout and the shutdown bound.
 */
export type Sender = ((job: DeliveryJob, signal: AbortSignal) => Promise<void>) & {
  /** Closes pooled connections (the worker calls it once its sends are settled). */
  close?: () => void;
};

export type Senders = Partial<Record<DeliveryTarget, Sender>>;

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
