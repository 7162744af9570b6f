// Parsers of single configuration values: each checks one variable's value and throws ConfigError
// with a one-line message that names the variable (config.ts combines them into the Config).
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseAllowList } from '../audit/fetch/address-policy.ts';
import { portFetchRefuses, refusedPortProblem } from '../kernel/fetch-ports.ts';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function intSetting(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${clip(value)}"`);
  }
  return number;
}

export function list(value: string | undefined): string[] {
  return value
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : [];
}

/** An IP address or a DNS name; whether it is an address of this machine shows when listening. */
export function parseHost(value: string): string {
  if (net.isIP(value)) return value;
  const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
  const labels = value.split('.');
  // All-numeric names (999.1.1.1) are mistyped addresses, never host names.
  if (value.length > 253 || !labels.every((part) => label.test(part)) || /^[\d.]+$/.test(value)) {
    throw new ConfigError(`HOST must be an IP address or a host name, got "${clip(value)}"`);
  }
  return value;
}

/**
 * Each entry is `loopback`, an IP address, or a CIDR (address/prefix within the family's bits).
 * A name such as `localhost` is refused: which addresses it stands for is the resolver's choice.
 */
export function parseTrustProxy(entries: string[]): string[] {
  for (const entry of entries) {
    if (entry === 'loopback') continue;
    const [address = '', bits, extra] = entry.split('/');
    const family = net.isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || !bitsOk || extra !== undefined) {
      const hint =
        entry === 'localhost'
          ? ' (use loopback for 127.0.0.0/8 and ::1)'
          : ` (an IP address, address/0-${maxBits}, or loopback)`;
      throw new ConfigError(`TRUST_PROXY entry "${clip(entry)}" is not an address or CIDR${hint}`);
    }
  }
  return entries;
}

/** Each entry a host name, an address or a CIDR (the audit's allow-list, parsed where the audit uses it). */
export function parseAuditAllowHosts(entries: string[]): string[] {
  try {
    parseAllowList(entries);
  } catch (error) {
    throw new ConfigError(`AUDIT_ALLOW_HOSTS entry ${(error as Error).message}`);
  }
  return entries;
}

export function parseContentDir(value: string): string {
  const dir = path.resolve(value);
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    throw new ConfigError(`CONTENT_DIR ${dir} is not a folder`);
  return dir;
}

/** A value quoted back in an error message, cut short: the message stays one readable line. */
export function clip(value: string): string {
  return value.length > 60 ? `${value.slice(0, 60)}…` : value;
}

export function parsePort(name: string, value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535)
    throw new ConfigError(`${name} must be a port number 0-65535, got "${clip(value)}"`);
  return port;
}

export function parseUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} is not an absolute URL: "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} must be an http(s) URL`);
  return value.replace(/\/+$/, '');
}

/** An http(s) URL the service fetches (a webhook, an API): also one on a port fetch can reach. */
export function parseFetchedUrl(name: string, value: string): string {
  const url = parseUrl(name, value);
  const refused = portFetchRefuses(url);
  if (refused !== undefined) throw new ConfigError(`${name} ${refusedPortProblem(refused)}`);
  return url;
}

/** A key directory origin: https, or http on a loopback host (tests, a local signer); no path. */
export function parseKeyDirectoryOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`AGENT_KEY_DIRECTORIES has an entry that is not an absolute URL: "${value}"`);
  }
  const loopback =
    url.hostname === 'localhost' || url.hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new ConfigError(
      `AGENT_KEY_DIRECTORIES entries must be https:// origins (http:// only for loopback), got "${value}"`,
    );
  }
  const refused = portFetchRefuses(value);
  if (refused !== undefined) {
    throw new ConfigError(`AGENT_KEY_DIRECTORIES entry "${value}" ${refusedPortProblem(refused)}`);
  }
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    throw new ConfigError(
      `AGENT_KEY_DIRECTORIES entries must be bare origins such as https://agent.example, got "${value}"`,
    );
  }
  return url.origin;
}

/** Where the data lives: a SQLite file or a PostgreSQL server. */
export type DatabaseConfig = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

export function parseDatabaseUrl(value: string): DatabaseConfig {
  if (value.startsWith('sqlite:')) {
    const file = value.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (!file) throw new ConfigError('DATABASE_URL sqlite: needs a file path, e.g. sqlite:./data/agentsite.db');
    return { kind: 'sqlite', path: file === ':memory:' ? file : path.resolve(file) };
  }
  if (/^postgres(ql)?:\/\//.test(value)) {
    if (!URL.canParse(value) || !new URL(value).hostname)
      throw new ConfigError('DATABASE_URL is not a valid postgres:// URL (postgres://user@host:5432/database)');
    return { kind: 'postgres', url: value };
  }
  throw new ConfigError('DATABASE_URL must be sqlite:<path> or postgres://…');
}
