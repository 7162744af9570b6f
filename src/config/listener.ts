// Connection limits every listener shares (site/API, MCP, metrics, dashboard), read from the environment.
import { ConfigError, intSetting } from './values.ts';

const dayMs = 86_400_000;

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

export function parseListenerSettings(get: (name: string) => string | undefined): ListenerSettings {
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
