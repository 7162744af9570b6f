// Where one site's enquiries go. Without SITES_DIR the single site's targets are the instance's
// (CRM_WEBHOOK_*, HUBSPOT_*, SMTP_URL with NOTIFY_EMAIL_*). With SITES_DIR a site whose site.yaml has
// `delivery` uses those targets instead (e-mail still through the instance's SMTP_URL); a site without
// it falls back to the instance's. A site that is not served (unknown or removed) has none: its
// deliveries wait, never sent to another site's targets.
import type { Config } from '../config/config.ts';
import type { DeliveryTargets } from '../config/delivery.ts';
import type { SiteRegistry } from '../domain/sites/registry.ts';
import type { SiteDelivery } from '../domain/sites/site-delivery.ts';
import { singleSiteKey } from '../domain/sites/site-scope.ts';

/** The delivery targets of the site whose key is given; undefined when no such site is served. */
export type DeliveryTargetsOf = (siteKey: string) => DeliveryTargets | undefined;

const defaultHubspotBaseUrl = 'https://api.hubapi.com';

export function deliveryTargetsResolver(config: Config, sites: SiteRegistry | undefined): DeliveryTargetsOf {
  const instance: DeliveryTargets = {
    ...(config.crmWebhook && { crmWebhook: config.crmWebhook }),
    ...(config.hubspot && { hubspot: config.hubspot }),
    ...(config.smtp && { smtp: config.smtp }),
  };
  return (siteKey) => {
    if (!sites) return siteKey === singleSiteKey ? instance : undefined;
    const site = sites.site(siteKey);
    if (!site) return undefined;
    return site.delivery ? siteTargets(site.delivery, config) : instance;
  };
}

function siteTargets(delivery: SiteDelivery, config: Config): DeliveryTargets {
  const targets: DeliveryTargets = {};
  if (delivery.crmWebhook) targets.crmWebhook = { ...delivery.crmWebhook };
  if (delivery.hubspot) {
    targets.hubspot = {
      accessToken: delivery.hubspot.token,
      baseUrl: config.hubspotBaseUrl ?? defaultHubspotBaseUrl,
    };
  }
  // E-mail goes through the instance's SMTP server; without SMTP_URL a site's e-mail target has
  // nothing to send through and is left out (the site's enquiries are not queued for it).
  if (delivery.email && config.smtpUrl) targets.smtp = { url: config.smtpUrl, ...delivery.email };
  return targets;
}
