// Reads the environment once, at start-up. A bad or contradictory value throws ConfigError, whose
// one-line message names the variable; main.ts prints it and exits.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ConfigError,
  clip,
  intSetting,
  list,
  parseContentDir,
  parseDatabaseUrl,
  parseHost,
  parseAuditAllowHosts,
  parseKeyDirectoryOrigin,
  parsePort,
  parseTrustProxy,
  parseUrl,
  type DatabaseConfig,
} from './values.ts';
import {
  parseDeliverySettings,
  parseDeliveryTargets,
  type DeliverySettings,
  type DeliveryTargets,
} from './delivery.ts';
import { parseListenerSettings, type ListenerSettings } from './listener.ts';
import { parseFrontSettings, type FrontSettings } from './front.ts';
import { parseSitesSettings, type SitesSettings } from './sites.ts';
import { defaultContentSignal, parseContentSignal, type UsagePreference } from '../domain/usage-preference.ts';

export type { DatabaseConfig } from './values.ts';
export type { DeliverySettings } from './delivery.ts';
export type { ListenerSettings } from './listener.ts';
export type { FrontSettings } from './front.ts';
export type { SitesSettings } from './sites.ts';

export interface Config extends DeliveryTargets {
  host: string;
  port: number;
  mcpPort: number;
  /** Public base address used in every document and link, without a trailing slash. */
  baseUrl: string;
  /** Public MCP endpoint address. */
  mcpUrl: string;
  database: DatabaseConfig;
  contentDir: string;
  /** CONTENT_POLL_SECONDS: how often the content folder is looked at for changes, loaded again without a restart; 0 = never. */
  contentPollSeconds: number;
  /** Proxy addresses/CIDRs (or `loopback`) whose X-Forwarded-For is believed. */
  trustProxy: string[];
  assessmentApiKeys: string[];
  /** When set, v1 is deprecated and retires at this instant. */
  apiV1Sunset?: Date;
  logLevel: string;
  /** Outbox worker tuning (DELIVERY_* variables): production defaults, tests shorten them. */
  delivery: DeliverySettings;
  /** RETENTION_DAYS: delivered enquiries lose their personal data after this many days; 0 = never. */
  retentionDays: number;
  /** METRICS_PORT: Prometheus listener on HOST (not public); undefined = off. */
  metricsPort?: number;
  /** AGENT_KEY_DIRECTORIES: origins whose Web Bot Auth key directories are trusted and fetched. */
  agentKeyDirectories: string[];
  /** AUDIT_ALLOW_HOSTS: host names, addresses and CIDRs the public audit may reach besides public hosts (on any port). */
  auditAllowHosts: string[];
  /** AGENT_RATE_LIMIT_PER_MINUTE: the read budget of one verified agent operator, shared by its users. */
  agentRateLimitPerMinute: number;
  /** ADMIN_PORT and ADMIN_TOKEN: the operator dashboard's listener on HOST (not public); undefined = off. */
  admin?: { port: number; token: string };
  /** ANALYTICS_RETENTION_DAYS: agent-insight rows older than this are deleted. */
  analyticsRetentionDays: number;
  /** A2A_TASK_RETENTION_HOURS: A2A tasks can be read back (GetTask, ListTasks) this long, then are deleted. */
  a2aTaskRetentionHours: number;
  /** RESPONSE_CACHE_MB, in bytes: the one bound on pages, variants and results kept in memory (src/response-cache). */
  responseCacheBytes: number;
  /** Agent-insight recording; only a benchmark turns it off (AGENTSITE_TEST_INSIGHT=off). */
  insight: boolean;
  /** Connection limits shared by every listener (site/API, MCP, metrics). */
  listener: ListenerSettings;
  /** CONTENT_SIGNAL: how automated systems may use the content (robots.txt and Content-Usage). */
  usagePreference: UsagePreference;
  /** ROBOTS_DRAFT_DIRECTIVES: robots.txt also carries the draft Content-Usage and Agentmap lines. */
  robotsDraftDirectives: boolean;
  /** ORIGIN_URL and its bounds: front mode, in front of the agency's existing site; undefined = site mode. */
  front?: FrontSettings;
  /**
   * SITES_DIR: one deployment, many sites by Host; undefined = one site (CONTENT_DIR). With it, the
   * per-site fields above (baseUrl, mcpUrl, contentDir, front) read the site of the request served.
   */
  sites?: SitesSettings;
}

export { ConfigError };

/**
 * The demo content shipped with the product: `content/` beside the package.json above this module,
 * found by walking up, so the sources (src/config/) and the bundle (dist/) find the same folder.
 */
export const demoContentDir = packageFolder('content');

function packageFolder(name: string): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return path.join(dir, name);
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const dayMs = 86_400_000;

type Env = Record<string, string | undefined>;

/** Builds the configuration from an environment (process.env by default). */
export function loadConfig(env: Env = process.env, now = new Date()): Config {
  const get = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const port = parsePort('PORT', get('PORT') ?? '3000');
  const mcpPort = parsePort('MCP_PORT', get('MCP_PORT') ?? '3001');
  if (port === mcpPort && port !== 0) throw new ConfigError(`MCP_PORT must differ from PORT (both are ${port})`);
  const config: Config = {
    host: parseHost(get('HOST') ?? '127.0.0.1'),
    port,
    mcpPort,
    baseUrl: parseUrl('BASE_URL', get('BASE_URL') ?? `http://localhost:${port}`),
    mcpUrl: parseUrl('MCP_URL', get('MCP_URL') ?? `http://localhost:${mcpPort}/mcp`),
    database: parseDatabaseUrl(get('DATABASE_URL') ?? 'sqlite:./data/agentsite.db'),
    contentDir: parseContentDir(get('CONTENT_DIR') ?? demoContentDir),
    contentPollSeconds: intSetting('CONTENT_POLL_SECONDS', get('CONTENT_POLL_SECONDS'), 5, 0, 3_600),
    trustProxy: parseTrustProxy(list(get('TRUST_PROXY'))),
    assessmentApiKeys: list(get('ASSESSMENT_API_KEYS')),
    logLevel: get('LOG_LEVEL') ?? 'info',
    delivery: parseDeliverySettings(get),
    retentionDays: intSetting('RETENTION_DAYS', get('RETENTION_DAYS'), 0, 0, 36_500),
    agentKeyDirectories: list(get('AGENT_KEY_DIRECTORIES')).map(parseKeyDirectoryOrigin),
    auditAllowHosts: parseAuditAllowHosts(list(get('AUDIT_ALLOW_HOSTS'))),
    // At most 60 000: in-memory counts saturate at 65 535 (client-count-table.ts).
    agentRateLimitPerMinute: intSetting(
      'AGENT_RATE_LIMIT_PER_MINUTE',
      get('AGENT_RATE_LIMIT_PER_MINUTE'),
      3_000,
      1,
      60_000,
    ),
    analyticsRetentionDays: intSetting('ANALYTICS_RETENTION_DAYS', get('ANALYTICS_RETENTION_DAYS'), 400, 1, 36_500),
    a2aTaskRetentionHours: intSetting('A2A_TASK_RETENTION_HOURS', get('A2A_TASK_RETENTION_HOURS'), 24, 1, 720),
    responseCacheBytes: intSetting('RESPONSE_CACHE_MB', get('RESPONSE_CACHE_MB'), 64, 1, 65_536) * 1024 * 1024,
    insight: parseInsightSwitch(get('AGENTSITE_TEST_INSIGHT')),
    listener: parseListenerSettings(get),
    usagePreference: parseUsagePreference(get('CONTENT_SIGNAL') ?? defaultContentSignal),
    robotsDraftDirectives: parseRobotsDraftDirectives(get('ROBOTS_DRAFT_DIRECTIVES')),
  };
  Object.assign(config, parseOperatorPorts(get, port, mcpPort));
  const front = parseFrontSettings(get);
  if (front) config.front = front;
  const sites = parseSitesSettings(get);
  if (sites) config.sites = sites;
  if (!logLevels.includes(config.logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}`);
  }
  for (const key of config.assessmentApiKeys) {
    if (key.startsWith('sha256:') && !/^sha256:[0-9a-f]{64}$/i.test(key)) {
      throw new ConfigError('ASSESSMENT_API_KEYS has a sha256: entry that is not 64 hex digits');
    }
  }
  Object.assign(config, parseDeliveryTargets(get));
  const apiV1Sunset = parseSunset(get('API_V1_SUNSET'), now);
  if (apiV1Sunset) config.apiV1Sunset = apiV1Sunset;
  return config;
}

/** The dashboard's secret is compared in constant time; a short one could be guessed. */
export const minAdminTokenLength = 16;

function parseAdmin(port: string | undefined, token: string | undefined): Config['admin'] {
  if (token !== undefined && token.length < minAdminTokenLength) {
    throw new ConfigError(`ADMIN_TOKEN must be at least ${minAdminTokenLength} characters`);
  }
  if (port === undefined) return undefined;
  if (token === undefined)
    throw new ConfigError('ADMIN_TOKEN is required when ADMIN_PORT is set (the dashboard never runs without it)');
  return { port: parsePort('ADMIN_PORT', port), token };
}

function parseUsagePreference(value: string): UsagePreference {
  const preference = parseContentSignal(value);
  if (!preference) {
    throw new ConfigError(
      `CONTENT_SIGNAL must list search, ai-input or ai-train, each =yes or =no, comma-separated (e.g. "${defaultContentSignal}"), got "${clip(value)}"`,
    );
  }
  return preference;
}

function parseRobotsDraftDirectives(value: string | undefined): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw new ConfigError(`ROBOTS_DRAFT_DIRECTIVES must be true or false, got "${clip(value)}"`);
}

function parseInsightSwitch(value: string | undefined): boolean {
  if (value === undefined || value === 'on') return true;
  if (value === 'off') return false;
  throw new ConfigError(`AGENTSITE_TEST_INSIGHT must be on or off, got "${value}"`);
}

/** METRICS_PORT and the dashboard's ADMIN_PORT (with its token), each on a port of its own. */
function parseOperatorPorts(
  get: (name: string) => string | undefined,
  port: number,
  mcpPort: number,
): Pick<Config, 'metricsPort' | 'admin'> {
  const config: Pick<Config, 'metricsPort' | 'admin'> = {};
  const metricsPort = get('METRICS_PORT');
  if (metricsPort !== undefined) {
    config.metricsPort = parsePort('METRICS_PORT', metricsPort);
    if (config.metricsPort !== 0 && (config.metricsPort === port || config.metricsPort === mcpPort)) {
      throw new ConfigError(`METRICS_PORT must differ from PORT and MCP_PORT (got ${config.metricsPort})`);
    }
  }
  const admin = parseAdmin(get('ADMIN_PORT'), get('ADMIN_TOKEN'));
  if (admin) {
    if (admin.port !== 0 && [port, mcpPort, config.metricsPort].includes(admin.port)) {
      throw new ConfigError(`ADMIN_PORT must differ from PORT, MCP_PORT and METRICS_PORT (got ${admin.port})`);
    }
    config.admin = admin;
  }
  return config;
}

/** API_V1_SUNSET: a date at least the deprecation notice period ahead. */
function parseSunset(sunset: string | undefined, now: Date): Date | undefined {
  if (!sunset) return undefined;
  const date = new Date(sunset);
  if (Number.isNaN(date.getTime())) throw new ConfigError('API_V1_SUNSET is not a date (use e.g. 2027-06-30)');
  if (date.getTime() - now.getTime() < 90 * dayMs) {
    throw new ConfigError('API_V1_SUNSET must be at least 90 days ahead (the deprecation notice period)');
  }
  return date;
}
