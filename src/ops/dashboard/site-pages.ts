// The dashboard with SITES_DIR: the index of every served site at `/` (sites-index.ts), and each
// site's own pages under `/site/<key>`: its insight overview with its content gaps and delivery state,
// its searches and asks, its caller families. A site's page is built inside that site's scope
// (runInSite), so the content and rows it reads are that site's and never another's.
import type { Services } from '../../app/services.ts';
import type { LiveSites } from '../../app/sites/registry.ts';
import { buildReport } from '../../domain/insight/report.ts';
import type { ServedSite } from '../../domain/sites/registry.ts';
import { runInSite } from '../../domain/sites/site-scope.ts';
import { html, type Html } from '../../kernel/html-template.ts';
import { type DayRange, knownFamilies } from '../../store/analytics-queries.ts';
import { listDeliveries } from '../../store/operator.ts';
import { deliveryStatesOf } from '../../store/site-figures.ts';
import { type DashboardAnswer, familyOf, notFound } from './answers.ts';
import { contentGapsCard } from './content-gaps.ts';
import { deliveryCard } from './delivery-card.ts';
import { dashboardHtml, page, sitePath } from './layout.ts';
import { familyMain, overviewMain, searchesMain } from './pages.ts';
import { sitesIndex } from './sites-index.ts';

/** Deliveries listed on a site's overview, of those queued and of those given up. */
const listedDeliveries = 20;

/** The page a request names with SITES_DIR: the index, one of a site's pages, or 404. */
export async function serveSitesPage(
  services: Services,
  sites: LiveSites,
  url: URL,
  range: DayRange,
): Promise<DashboardAnswer> {
  if (url.pathname === '/') return sitesIndex(services, sites, url.searchParams, range);
  const match = /^\/site\/([^/]{1,300})(\/.*)?$/.exec(url.pathname);
  const key = match ? decodedKey(match[1]!) : undefined;
  const site = key === undefined ? undefined : sites.site(key);
  if (!site) return notFound('No site served here has this key: see the index of sites.', 'sites');
  const rest = match![2] ?? '';
  const family = familyOf(rest);
  if (rest !== '' && rest !== '/searches' && family === undefined)
    return notFound("No dashboard page here: see the site's overview.", 'sites');
  // Counts still in memory are written first, so the page shows every request up to now.
  await services.insight.flush();
  // The site's content stays loaded while its page is drawn, as it does for a request to the site
  // (one removed meanwhile, still held by its last requests, is not loaded again for its page).
  const release = sites.sites().includes(site) ? sites.begin(site).end : () => {};
  try {
    const content = await sites.contentOf(site.key);
    return await runInSite(site.key, () => sitePage(services, site, content !== undefined, rest, family, range));
  } finally {
    release();
  }
}

async function sitePage(
  services: Services,
  site: ServedSite,
  loaded: boolean,
  rest: string,
  family: string | undefined,
  range: DayRange,
): Promise<DashboardAnswer> {
  const { db } = services.store;
  const ofSite = { ...range, site: site.key };
  const [report, families] = await Promise.all([
    buildReport(db, { ...ofSite, ...(family !== undefined && { family }) }),
    knownFamilies(db, ofSite),
  ]);
  const base = sitePath(site.key);
  const path = `${base}${rest}`;
  const shell = { range, families, path, site: { base, name: site.hosts[0]! } };
  if (family !== undefined)
    return { status: 200, html: page({ ...shell, title: family, main: await familyMain(report, family, path) }) };
  if (rest === '/searches')
    return {
      status: 200,
      html: page({ ...shell, title: 'Searches and asks', main: await searchesMain(report, path) }),
    };
  const [states, queued, failed] = await Promise.all([
    deliveryStatesOf(db, site.key),
    listDeliveries(db, 'pending', listedDeliveries, site.key),
    listDeliveries(db, 'dead', listedDeliveries, site.key),
  ]);
  // Read through the services' content view: inside this site's scope it is this site's folder.
  const gaps = loaded ? contentGapsCard(services.content.gaps) : notLoadedCard();
  const main = html`${await overviewMain(report, base)}${gaps}${deliveryCard(states, queued, failed)}${siteCard(site, loaded)}`;
  return { status: 200, html: page({ ...shell, title: 'Overview', main }) };
}

/** The key a path segment names, or undefined when it is not one (bad escapes, NUL). */
function decodedKey(segment: string): string | undefined {
  try {
    const key = decodeURIComponent(segment);
    return key.includes('\u0000') ? undefined : key;
  } catch {
    return undefined;
  }
}

function notLoadedCard(): Html {
  return html`<section class="card" aria-labelledby="content-gaps"><h2 id="content-gaps">Content gaps</h2><p class="error" role="alert">This site's content folder does not load, so it is not served: the log says why. It is tried again once the folder changes.</p></section>`;
}

/** Where the site is served from: its hosts, addresses, folder and front-mode origin. */
function siteCard(site: ServedSite, loaded: boolean): Html {
  const facts: [string, string][] = [
    ['Hosts', site.hosts.join(', ')],
    ['Address', site.baseUrl],
    ['MCP address', site.mcpUrl],
    ['Folder', site.dir],
    ['Content', loaded ? 'loaded' : 'does not load'],
    ['Front mode origin', site.origin ?? 'none (the site is served from its content)'],
  ];
  const rows = facts.map(([term, value]) => dashboardHtml`<tr><th scope="row">${term}</th><td>${value}</td></tr>`);
  return dashboardHtml`<section class="card" aria-labelledby="site"><h2 id="site">Site</h2><table><caption>Where this site is served from</caption><tbody>${rows}</tbody></table></section>`;
}
