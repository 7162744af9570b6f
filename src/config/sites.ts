// SITES_DIR: one deployment serving many sites, each a content folder in that folder whose site.yaml
// names its hosts (src/domain/sites/site-hosting.ts). The single-site variables describe one site, so
// they are refused beside it rather than silently applied to every site.
import fs from 'node:fs';
import path from 'node:path';
import { parseOriginBounds, type OriginBounds } from './front.ts';
import { ConfigError, intSetting } from './values.ts';

export interface SitesSettings {
  /** SITES_DIR: every folder in it is one site's content folder, its name the site's key. */
  dir: string;
  /** The ORIGIN_* bounds, for each site whose site.yaml names an `origin` (front mode). */
  originBounds: OriginBounds;
  /**
   * SITES_LOADED_MAX: how many sites' content is kept loaded at once; past it the site asked for
   * least recently is unloaded, and loaded again by its next request.
   */
  loadedMax: number;
  /** SITES_IDLE_SECONDS: a site not asked for this long is unloaded; 0 = never for being idle. */
  idleSeconds: number;
}

/** What each of these says is said by each site's site.yaml instead. */
const oneSiteVariables = {
  CONTENT_DIR: 'each folder in SITES_DIR is a content folder',
  ORIGIN_URL: "a site's site.yaml names its own `origin`",
  BASE_URL: "a site's address is https://<its first host>, or `baseUrl` in its site.yaml",
  MCP_URL: "a site's MCP address is <its address>/mcp, or `mcpUrl` in its site.yaml",
} as const;

export function parseSitesSettings(get: (name: string) => string | undefined): SitesSettings | undefined {
  const value = get('SITES_DIR');
  if (value === undefined) return undefined;
  const dir = path.resolve(value);
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    throw new ConfigError(`SITES_DIR ${dir} is not a folder`);
  for (const [name, instead] of Object.entries(oneSiteVariables)) {
    if (get(name) !== undefined) throw new ConfigError(`${name} cannot be set with SITES_DIR: ${instead}`);
  }
  return {
    dir,
    originBounds: parseOriginBounds(get),
    loadedMax: intSetting('SITES_LOADED_MAX', get('SITES_LOADED_MAX'), 100, 1, 1_000_000),
    idleSeconds: intSetting('SITES_IDLE_SECONDS', get('SITES_IDLE_SECONDS'), 600, 0, 604_800),
  };
}
