// Headers every /agent response carries besides the rate-limit ones and CORS (src/http/cors-headers.ts):
// API-Version and, once a version is deprecated, Deprecation/Sunset/Link.
import type { Config } from '../../config/config.ts';
import type { ApiVersion } from './operation.ts';

export interface Deprecation {
  /** `@<unix-seconds>` (RFC 9745). */
  deprecation: string;
  /** IMF-fixdate (RFC 8594). */
  sunset: string;
  link: string;
}

/**
 * Deprecation headers of a version, or undefined while it is current. `since` is the instant the
 * deprecation was first seen by any instance (kept in the database, so it is stable across restarts).
 */
export function deprecationOf(version: ApiVersion, config: Config, since: Date): Deprecation | undefined {
  const sunset = version.sunset(config);
  if (!sunset) return undefined;
  const notice = `${config.baseUrl}/developers#versioning`;
  return {
    deprecation: `@${Math.floor(since.getTime() / 1000)}`,
    sunset: sunset.toUTCString(),
    link: `<${notice}>; rel="deprecation"; type="text/html", <${notice}>; rel="sunset"; type="text/html"`,
  };
}

export function versionHeaders(version: ApiVersion, deprecation: Deprecation | undefined): Record<string, string> {
  const headers: Record<string, string> = { 'API-Version': version.version };
  if (deprecation) {
    headers.Deprecation = deprecation.deprecation;
    headers.Sunset = deprecation.sunset;
    headers.Link = deprecation.link;
  }
  return headers;
}
