// The composition root: builds every long-lived dependency once and hands them around as one typed
// object (no module-level singletons). Adapters (HTTP, MCP, worker, CLI) receive this object.
import type { Config } from '../config/config.ts';
import { createLogger, type Logger } from '../kernel/logger.ts';
import { loadMetrics } from '../ops/metrics/load-metrics.ts';
import type { Metrics } from '../ops/metrics/metrics.ts';
import { countCapabilityCalls, countEnquiries } from '../ops/metrics/instrument.ts';
import { openStore, type Store } from '../store/store.ts';
import { getOrCreateSecret } from '../store/secrets.ts';
import { createCursorCodec } from '../domain/cursor.ts';
import { createDeliverySignal, type DeliverySignal } from '../delivery/signal.ts';
import { createEnquiryService, type EnquiryService } from '../domain/enquiries/submit.ts';
import { createCallers, type Callers } from '../domain/callers/callers.ts';
import type { BufferedRateLimiter } from '../domain/rate-limit/buffer.ts';
import type { CallerRequest } from '../domain/callers/caller.ts';
import type { ContentCatalog } from '../domain/content/catalog.ts';
import type { SiteSearch } from '../domain/search/index.ts';
import type { Ask } from '../domain/ask/engine.ts';
import { recordEnquiries } from '../domain/insight/enquiries.ts';
import { createInsight, type Insight } from '../domain/insight/recorder.ts';
import { queryReadings } from '../domain/insight/query-text.ts';
import { createCardKeys, type CardKeys } from '../domain/card-signing/card-keys.ts';
import { createTaskRecords, type TaskRecords } from '../domain/tasks/task-records.ts';
import { createPublicAudits, type PublicAudits } from '../audit/public-audits.ts';
import { createSelfAudit, type SelfAudit } from '../audit/self-audit.ts';
import { databaseStartError } from './startup-errors.ts';
import { openSiteContent, type SiteContent } from './site-content.ts';
import type { Capability } from '../capabilities/capability.ts';
import { capabilityCatalog, type Catalog } from '../capabilities/catalog.ts';
import { createCallPipeline, type CallPipeline } from '../capabilities/pipeline.ts';
import type { CatalogDeps } from '../capabilities/deps.ts';
import { ResponseCache } from '../cache/response-cache.ts';
import { clientAddressRule, type ClientAddressRule } from '../http/client-address.ts';
import { openRateLimiter } from './rate-limiter.ts';
import { currentSiteKey } from '../domain/sites/site-scope.ts';
import { openSiteRegistry, type LiveSites } from './sites/registry.ts';
import { deliveryTargetsResolver, type DeliveryTargetsOf } from '../delivery/site-targets.ts';
import { siteScopedConfig, siteScopedContent } from './sites/site-views.ts';
import { perSite } from './sites/per-site.ts';
import { perContent } from '../domain/content/live-content.ts';

export interface Services {
  config: Config;
  logger: Logger;
  store: Store;
  metrics: Metrics;
  /** Wakes the delivery worker; the enquiry path calls notify() after its transaction commits. */
  deliverySignal: DeliverySignal;
  /** Per-client rate limits counted in the database (REST, form and MCP share it). */
  rateLimiter: BufferedRateLimiter;
  /** Which client a request counts against (the TRUST_PROXY rule), compiled once for every listener. */
  clientAddress: ClientAddressRule;
  /** The one enquiry path (REST contact, HTML form, MCP send_enquiry). */
  enquiries: EnquiryService;
  /** SITES_DIR: the sites this deployment serves, by host (src/app/sites/registry.ts); undefined for one site. */
  sites?: LiveSites;
  /** Where each site's enquiries go: its site.yaml `delivery`, else the instance's targets (site-targets.ts). */
  deliveryTargets: DeliveryTargetsOf;
  /** The validated site content (CONTENT_DIR): a view of the folder loaded last (site-content.ts). */
  content: ContentCatalog;
  /** The content folder as it is loaded again while the service runs, with the import's address record. */
  siteContent: SiteContent;
  /** The one keyword search over pages and case studies (site and MCP). */
  search: SiteSearch;
  /** NLWeb's ask: a question answered from the content, its constraints honoured (HTTP /ask, MCP, A2A). */
  ask: Ask;
  /** Who is calling: verified (Web Bot Auth), declared agent, browser or other (src/domain/callers). */
  callers: Callers;
  /** Agent insight: who calls, what they ask, what becomes an enquiry (aggregates only). */
  insight: Insight;
  /** The keys that sign the A2A agent card, shared by every instance on the database. */
  cardKeys: CardKeys;
  /** A2A tasks in the database, read back on any instance (src/domain/tasks). */
  tasks: TaskRecords;
  /** The agent-readiness audit as the public surfaces run it, and its kept reports (src/audit). */
  audits: PublicAudits;
  /** The site's audit of its own BASE_URL, the latest shown on /developers. */
  selfAudit: SelfAudit;
  /** What the agency offers agents (src/capabilities): every binding and document reads it. */
  catalog: Catalog;
  /** Everything kept because it answers the same way again (pages, variants, results), under RESPONSE_CACHE_MB. */
  responseCache: ResponseCache;
  /** Runs every capability call the same way, whatever surface received it (src/capabilities/pipeline.ts). */
  pipeline: CallPipeline;
}

export interface ServiceOverrides {
  logger?: Logger;
  /**
   * Capabilities served after the agency's own, by every binding and document (a capability under
   * test); one with an own capability's key replaces it.
   */
  capabilities?: (deps: CatalogDeps) => readonly Capability[];
}

export async function createServices(instanceConfig: Config, overrides: ServiceOverrides = {}): Promise<Services> {
  const logger = overrides.logger ?? createLogger(instanceConfig.logLevel);
  const responseCache = new ResponseCache(instanceConfig.responseCacheBytes, currentSiteKey);
  const { config, sites, siteContent } = await openSites(instanceConfig, logger, responseCache);
  const { content, search, ask } = siteContent;
  const store = await openStore(config.database).catch((error: unknown) => {
    siteContent.close();
    throw databaseStartError(error);
  });
  const deliverySignal = createDeliverySignal();
  const deliveryTargets = deliveryTargetsResolver(config, sites);
  const metrics = await loadMetrics(config.metricsPort !== undefined);
  const rateLimiter = await openRateLimiter(config, store, logger, metrics);
  const callers = createCallers({
    keyDirectories: config.agentKeyDirectories,
    siteUrls: sites ? () => [config.baseUrl, config.mcpUrl] : [config.baseUrl, config.mcpUrl],
    db: store.db,
  });
  const insight = openInsight(config, store, logger, content, callers, responseCache);
  const enquiries = recordEnquiries(
    countEnquiries(
      createEnquiryService({ config, logger, db: store.db, rateLimiter, deliverySignal, deliveryTargets }),
      metrics,
    ),
    insight,
  );
  const cardKeys = createCardKeys({ db: store.db, logger });
  const tasks = createTaskRecords({ db: store.db, logger, retentionHours: config.a2aTaskRetentionHours });
  const audits = createPublicAudits({
    db: store.db,
    rateLimiter,
    logger,
    allowHosts: config.auditAllowHosts,
    // Read at each audit: with many sites, the site asked names itself and its language.
    get explainedAt() {
      return new URL('/audit', config.baseUrl).href;
    },
    get language() {
      return content.site.language;
    },
  });
  const cursors = createCursorCodec(await getOrCreateSecret(store.db, 'case-study-cursor'));
  const catalogDeps = { config, logger, content, search, ask, enquiries, audits, cursors };
  const makeCatalog = (): Catalog => capabilityCatalog(catalogDeps, overrides.capabilities?.(catalogDeps));
  // With many sites each has its own tool names and wording, made when the site is first asked.
  const catalog = sites ? catalogView(perContent(content, makeCatalog)) : makeCatalog();
  const pipeline = createCallPipeline({
    config,
    rateLimiter,
    insight,
    cache: responseCache,
    metrics: countCapabilityCalls(metrics),
    logger,
  });
  return {
    config,
    logger,
    store,
    metrics,
    deliverySignal,
    rateLimiter,
    enquiries,
    ...(sites && { sites }),
    deliveryTargets,
    content,
    siteContent,
    search,
    ask,
    callers,
    insight,
    cardKeys,
    tasks,
    audits,
    selfAudit: perSite(sites, () =>
      createSelfAudit({ baseUrl: config.baseUrl, logger, language: () => content.site.language }),
    ),
    catalog,
    responseCache,
    pipeline,
    clientAddress: clientAddressRule(config.trustProxy),
  };
}

/** The content and configuration every surface reads: one site's, or with SITES_DIR the current site's. */
async function openSites(
  config: Config,
  logger: Logger,
  cache: ResponseCache,
): Promise<{ config: Config; sites?: LiveSites; siteContent: SiteContent }> {
  if (!config.sites) return { config, siteContent: await openSiteContent(config, logger, () => cache.clear()) };
  const sites = await openSiteRegistry(config, config.sites, logger, cache);
  return { config: siteScopedConfig(config, sites), sites, siteContent: siteScopedContent(sites) };
}

/** A catalogue whose fields read the one `current()` gives (the current site's). */
function catalogView(current: () => Catalog): Catalog {
  return {
    get capabilities() {
      return current().capabilities;
    },
    get byKey() {
      return current().byKey;
    },
  };
}

function openInsight(
  config: Config,
  store: Store,
  logger: Logger,
  content: ContentCatalog,
  callers: Callers,
  cache: ResponseCache,
): Insight {
  return createInsight({
    db: store.db,
    logger,
    retentionDays: config.analyticsRetentionDays,
    enabled: config.insight,
    outOfFit: (query) => !content.fitCheck(query).inFit,
    readings: queryReadings(cache),
    // A request already classified (a verified signature included) is recorded as that caller by the
    // listener that holds its classification; recognition alone reads the User-Agent.
    recognise: (request) => callers.fromUserAgent(userAgentOf(request.headers)),
  });
}

function userAgentOf(headers: CallerRequest['headers']): string | undefined {
  const value = headers['user-agent'];
  return typeof value === 'string' ? value : undefined;
}

export async function closeServices(services: Services): Promise<void> {
  services.sites?.close();
  services.siteContent.close();
  await services.rateLimiter.close();
  await services.insight.close();
  services.tasks.close();
  services.audits.close();
  services.selfAudit.close();
  await services.store.close();
}
