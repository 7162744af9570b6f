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
import { defaultContentSignal, parseContentSignal, type UsagePreference } from '../domain/usage-preference.ts';

export type { DatabaseConfig } from './values.ts';

export interface Config {
  host: string;
  port: number;
  mcpPort: number;
  /** Public base address used in every document and link, without a trailing slash. */
  baseUrl: string;
  /** Public MCP endpoint address. */
  mcpUrl: string;
  database: DatabaseConfig;
  contentDir: string;
  /** Proxy addresses/CIDRs (or `loopback`) whose X-Forwarded-For is believed. */
  trustProxy: string[];
  assessmentApiKeys: string[];
  crmWebhook?: { url: string; secret: string };
  hubspot?: { accessToken: string; baseUrl: string };
  smtp?: { url: string; to: string; from: string };
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
}

export interface ListenerSettings {
  /** REQUEST_TIMEOUT_MS: a request (headers and body) not complete by then gets 408 and is closed. */
  requestTimeoutMs: number;
  /** HEADERS_TIMEOUT_MS: request headers not complete by then get 408 and are closed. */
  headersTimeoutMs: number;
  /** KEEP_ALIVE_TIMEOUT_MS: an idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** LISTEN_BACKLOG: pending connections the kernel queues for each listener. */
  backlog: number;
}

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
  if (!logLevels.includes(config.logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}`);
  }
  for (const key of config.assessmentApiKeys) {
    if (key.startsWith('sha256:') && !/^sha256:[0-9a-f]{64}$/i.test(key)) {
      throw new ConfigError('ASSESSMENT_API_KEYS has a sha256: entry that is not 64 hex digits');
    }
  }
  const webhookUrl = get('CRM_WEBHOOK_URL');
  const webhookSecret = get('CRM_WEBHOOK_SECRET');
  if (webhookUrl || webhookSecret) {
    if (!webhookUrl) throw new ConfigError('CRM_WEBHOOK_URL is required when CRM_WEBHOOK_SECRET is set');
    if (!webhookSecret?.startsWith('whsec_')) {
      throw new ConfigError('CRM_WEBHOOK_SECRET must be set to a whsec_… secret when CRM_WEBHOOK_URL is set');
    }
    config.crmWebhook = { url: parseUrl('CRM_WEBHOOK_URL', webhookUrl), secret: webhookSecret };
  }
  const hubspotToken = get('HUBSPOT_ACCESS_TOKEN');
  if (hubspotToken) {
    config.hubspot = {
      accessToken: hubspotToken,
      baseUrl: parseUrl('HUBSPOT_BASE_URL', get('HUBSPOT_BASE_URL') ?? 'https://api.hubapi.com'),
    };
  }
  const smtpUrl = get('SMTP_URL');
  const to = get('NOTIFY_EMAIL_TO');
  const from = get('NOTIFY_EMAIL_FROM');
  if (smtpUrl || to || from) {
    if (!smtpUrl) throw new ConfigError('SMTP_URL is required when NOTIFY_EMAIL_TO or NOTIFY_EMAIL_FROM is set');
    if (!/^smtps?:\/\//.test(smtpUrl) || !URL.canParse(smtpUrl) || !new URL(smtpUrl).hostname) {
      throw new ConfigError(
        'SMTP_URL must be an smtp:// or smtps:// URL with a host, e.g. smtp://mail.example.com:587',
      );
    }
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
    config.smtp = { url: smtpUrl, to, from };
  }
  const sunset = get('API_V1_SUNSET');
  if (sunset) {
    const date = new Date(sunset);
    if (Number.isNaN(date.getTime())) throw new ConfigError('API_V1_SUNSET is not a date (use e.g. 2027-06-30)');
    if (date.getTime() - now.getTime() < 90 * dayMs) {
      throw new ConfigError('API_V1_SUNSET must be at least 90 days ahead (the deprecation notice period)');
    }
    config.apiV1Sunset = date;
  }
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

function parseDeliverySettings(get: (name: string) => string | undefined): DeliverySettings {
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

function parseListenerSettings(get: (name: string) => string | undefined): ListenerSettings {
  const ms = (name: string, fallback: number): number => intSetting(name, get(name), fallback, 1, dayMs);
  const settings: ListenerSettings = {
    requestTimeoutMs: ms('REQUEST_TIMEOUT_MS', 30_000),
    headersTimeoutMs: ms('HEADERS_TIMEOUT_MS', 15_000),
    keepAliveTimeoutMs: ms('KEEP_ALIVE_TIMEOUT_MS', 5_000),
    backlog: intSetting('LISTEN_BACKLOG', get('LISTEN_BACKLOG'), 511, 1, 65_535),
  };
  // Node refuses a headers timeout above the request timeout; say so in the operator's terms.
  if (settings.headersTimeoutMs > settings.requestTimeoutMs) {
    throw new ConfigError(
      `HEADERS_TIMEOUT_MS (${settings.headersTimeoutMs}) must not exceed REQUEST_TIMEOUT_MS (${settings.requestTimeoutMs})`,
    );
  }
  return settings;
}
