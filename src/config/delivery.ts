// Where accepted enquiries go (a CRM webhook, HubSpot, e-mail over SMTP) and how the outbox worker
// paces its sends (DELIVERY_* variables), read from the environment with the rest of the configuration.
import { ConfigError, clip, intSetting, parseFetchedUrl } from './values.ts';

const dayMs = 86_400_000;

export interface DeliverySettings {
  pollMs: number;
  leaseMs: number;
  /** Bound on one whole send (all HTTP calls of one target, or one SMTP transaction). */
  sendTimeoutMs: number;
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  concurrency: number;
  /** How long stop() waits for in-flight sends before releasing their leases. */
  shutdownMs: number;
}

export interface DeliveryTargets {
  crmWebhook?: { url: string; secret: string };
  hubspot?: { accessToken: string; baseUrl: string };
  smtp?: { url: string; to: string; from: string };
  /** HUBSPOT_BASE_URL: HubSpot's address, for the instance's token and the sites' own. */
  hubspotBaseUrl?: string;
  /** SMTP_URL set alone with SITES_DIR: the server the sites' own `email` targets send through. */
  smtpUrl?: string;
}

/** The delivery targets the environment configures; a half-configured target is an error. */
export function parseDeliveryTargets(get: (name: string) => string | undefined): DeliveryTargets {
  const targets: DeliveryTargets = {};
  const webhookUrl = get('CRM_WEBHOOK_URL');
  const webhookSecret = get('CRM_WEBHOOK_SECRET');
  if (webhookUrl || webhookSecret) {
    if (!webhookUrl) throw new ConfigError('CRM_WEBHOOK_URL is required when CRM_WEBHOOK_SECRET is set');
    if (!webhookSecret?.startsWith('whsec_')) {
      throw new ConfigError('CRM_WEBHOOK_SECRET must be set to a whsec_… secret when CRM_WEBHOOK_URL is set');
    }
    targets.crmWebhook = { url: parseFetchedUrl('CRM_WEBHOOK_URL', webhookUrl), secret: webhookSecret };
  }
  const hubspotToken = get('HUBSPOT_ACCESS_TOKEN');
  const hubspotBaseUrl = parseFetchedUrl('HUBSPOT_BASE_URL', get('HUBSPOT_BASE_URL') ?? 'https://api.hubapi.com');
  if (get('HUBSPOT_BASE_URL') !== undefined) targets.hubspotBaseUrl = hubspotBaseUrl;
  if (hubspotToken) targets.hubspot = { accessToken: hubspotToken, baseUrl: hubspotBaseUrl };
  const smtpUrl = get('SMTP_URL');
  const to = get('NOTIFY_EMAIL_TO');
  const from = get('NOTIFY_EMAIL_FROM');
  // With SITES_DIR, SMTP_URL may stand alone: the instance sends no e-mail of its own, the sites whose
  // site.yaml names an `email` target send through it.
  const sitesOnly = get('SITES_DIR') !== undefined && !to && !from;
  if (smtpUrl || to || from) {
    if (!smtpUrl) throw new ConfigError('SMTP_URL is required when NOTIFY_EMAIL_TO or NOTIFY_EMAIL_FROM is set');
    if (!/^smtps?:\/\//.test(smtpUrl) || !URL.canParse(smtpUrl) || !new URL(smtpUrl).hostname) {
      throw new ConfigError(
        'SMTP_URL must be an smtp:// or smtps:// URL with a host, e.g. smtp://mail.example.com:587',
      );
    }
    if (sitesOnly) return { ...targets, smtpUrl };
    if (!to) throw new ConfigError('NOTIFY_EMAIL_TO is required when SMTP_URL is set');
    if (!from) throw new ConfigError('NOTIFY_EMAIL_FROM is required when SMTP_URL is set');
    for (const [name, value] of [
      ['NOTIFY_EMAIL_TO', to],
      ['NOTIFY_EMAIL_FROM', from],
    ] as const) {
      // A bare address or "Name <address>"; several recipients are comma-separated.
      const addresses = value.split(',').map((part) => /<([^>]*)>\s*$/.exec(part)?.[1] ?? part.trim());
      if (!addresses.every((address) => /^[^\s@<>]+@[^\s@<>]+$/.test(address))) {
        throw new ConfigError(`${name} must be an e-mail address (or "Name <address>"), got "${clip(value)}"`);
      }
    }
    targets.smtp = { url: smtpUrl, to, from };
    targets.smtpUrl = smtpUrl;
  }
  return targets;
}

export function parseDeliverySettings(get: (name: string) => string | undefined): DeliverySettings {
  const ms = (name: string, fallback: number): number => intSetting(name, get(name), fallback, 1, 7 * dayMs);
  const settings: DeliverySettings = {
    pollMs: ms('DELIVERY_POLL_MS', 1_000),
    leaseMs: ms('DELIVERY_LEASE_MS', 60_000),
    sendTimeoutMs: ms('DELIVERY_TIMEOUT_MS', 15_000),
    maxAttempts: intSetting('DELIVERY_MAX_ATTEMPTS', get('DELIVERY_MAX_ATTEMPTS'), 15, 1, 1_000),
    baseDelayMs: ms('DELIVERY_BASE_DELAY_MS', 10_000),
    maxDelayMs: ms('DELIVERY_MAX_DELAY_MS', 3_600_000),
    concurrency: intSetting('DELIVERY_CONCURRENCY', get('DELIVERY_CONCURRENCY'), 16, 1, 100),
    shutdownMs: ms('DELIVERY_SHUTDOWN_MS', 10_000),
  };
  // A lease shorter than a send would let a second worker take a delivery that is still being sent.
  if (settings.leaseMs <= settings.sendTimeoutMs) {
    throw new ConfigError('DELIVERY_LEASE_MS must be longer than DELIVERY_TIMEOUT_MS');
  }
  if (settings.maxDelayMs < settings.baseDelayMs) {
    throw new ConfigError('DELIVERY_MAX_DELAY_MS must not be below DELIVERY_BASE_DELAY_MS');
  }
  return settings;
}
