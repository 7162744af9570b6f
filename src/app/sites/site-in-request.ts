// A request's site scope (site-scope.ts): the site its Host named and the content held for it when it
// began. The services' views read the site and its content here, from one object the request has
// already read, instead of looking the key up in the tables of every site; with a thousand sites, each
// such lookup read another site's table entry out of the processor's caches (docs/benchmarks.md, many
// sites in one process). It also keeps a request on what it arrived for: a site whose settings change
// meanwhile is read as it was, with the content held for it.
import type { ServedSite, SiteRegistry } from '../../domain/sites/registry.ts';
import { currentSiteScope, type SiteScope, singleSiteKey } from '../../domain/sites/site-scope.ts';
import type { SiteContent } from '../site-content.ts';

export class SiteInRequest implements SiteScope {
  readonly key: string;
  readonly site: ServedSite;
  readonly content: SiteContent;

  constructor(site: ServedSite, content: SiteContent) {
    this.key = site.key;
    this.site = site;
    this.content = content;
  }
}

/** The current request's site, when the work in hand is a request's (undefined for background work). */
export function siteInRequest(): SiteInRequest | undefined {
  const scope = currentSiteScope();
  return scope instanceof SiteInRequest ? scope : undefined;
}

/**
 * The site of the work in hand, from one read of the scope: a request's as it began, else the served
 * site its key names now (undefined when none does).
 */
export function currentServedSite(sites: Pick<SiteRegistry, 'site'>): ServedSite | undefined {
  const scope = currentSiteScope();
  return scope instanceof SiteInRequest ? scope.site : sites.site(scope?.key ?? singleSiteKey);
}
