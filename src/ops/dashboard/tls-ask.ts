// `GET /tls-ask?domain=<host>` on the admin listener: whether this deployment serves `<host>`, for a
// TLS proxy that obtains certificates on demand (Caddy's on-demand TLS `ask`, which sends no token).
// 200 when it does, 404 when not, 400 for a missing or malformed domain; the answer says nothing
// else. Without SITES_DIR the hosts of BASE_URL and MCP_URL are served; with it, every host a served
// site's site.yaml names (and the hosts of its addresses).
import type { Services } from '../../app/services.ts';
import { hostKey } from '../../domain/sites/site-hosting.ts';

export const tlsAskPath = '/tls-ask';

const hostPattern = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

export interface TlsAnswer {
  status: 200 | 400 | 404 | 405;
  text: string;
}

export function tlsAsk(services: Pick<Services, 'config' | 'sites'>, method: string | undefined, url: URL): TlsAnswer {
  if (method !== 'GET' && method !== 'HEAD') return { status: 405, text: 'tls-ask only answers GET' };
  const given = url.searchParams.getAll('domain');
  if (given.length !== 1 || !given[0]) return { status: 400, text: 'tls-ask needs one domain: /tls-ask?domain=<host>' };
  const domain = given[0].trim().toLowerCase().replace(/\.$/, '');
  if (!hostPattern.test(domain)) return { status: 400, text: 'domain must be a host name, e.g. www.example.com' };
  return servedHosts(services).has(domain)
    ? { status: 200, text: `${domain} is served here` }
    : { status: 404, text: `${domain} is not served here` };
}

function servedHosts({ config, sites }: Pick<Services, 'config' | 'sites'>): Set<string> {
  const addresses = sites
    ? sites.sites().flatMap((site) => [...site.hosts, site.baseUrl, site.mcpUrl])
    : [config.baseUrl, config.mcpUrl];
  return new Set(
    addresses
      .map((address) => (address.includes('/') ? new URL(address).host : address))
      .map(hostKey)
      .filter((host) => host !== undefined),
  );
}
