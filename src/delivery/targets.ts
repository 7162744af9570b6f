// Which delivery targets are configured. Each accepted enquiry gets one outbox row per target,
// committed in the same transaction as the enquiry itself: the targets of the enquiry's site
// (site-targets.ts).
import type { DeliveryTargets } from '../config/delivery.ts';

export type DeliveryTarget = 'webhook' | 'hubspot' | 'email';

export function configuredTargets(config: DeliveryTargets): DeliveryTarget[] {
  const targets: DeliveryTarget[] = [];
  if (config.crmWebhook) targets.push('webhook');
  if (config.hubspot) targets.push('hubspot');
  if (config.smtp) targets.push('email');
  return targets;
}
