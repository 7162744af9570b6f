// The record a site's requests run in (site-scope.ts): the site its Host named, the content held for
// it, its front settings, and an async resource whose context holds this record alone. One is made for
// each served site and loaded content (loaded-sites.ts) and every request for that site runs in it, so
// a request allocates nothing to enter its site: running in the resource only switches the context,
// where a scope entered per request copied the connection's context each time, and the services'
// views read the site from this one object instead of looking the key up in the tables of every site
// (with a thousand sites each such lookup read another site's table entry out of the processor's
// caches: docs/benchmarks.md, many sites in one process). A site whose settings change gets a new
// record; a request keeps the one it began with, so it is answered as the site was when it arrived.
import type { AsyncResource } from 'node:async_hooks';
import { IncomingMessage, type ServerResponse } from 'node:http';
import type { FrontSettings } from '../../config/config.ts';
import type { ServedSite, SiteRegistry } from '../../domain/sites/registry.ts';
import { currentSiteScope, resourceInScope, type SiteScope, singleSiteKey } from '../../domain/sites/site-scope.ts';
import type { SiteContent } from '../site-content.ts';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;
type Emit = IncomingMessage['emit'];

const requestEmit: Emit = IncomingMessage.prototype.emit;

export class SiteRecord implements SiteScope {
  readonly key: string;
  readonly site: ServedSite;
  readonly content: SiteContent;
  /** Its front settings when its site.yaml names an `origin`. */
  readonly front: FrontSettings | undefined;
  readonly #resource: AsyncResource;
  /**
   * A request's `emit`, run in this record: a body's events are emitted from the connection, outside
   * any site's work. One function for every request of the site: `AsyncResource.bind` would make one
   * per request, carrying accessors made by `util.deprecate` that set the bound function as another's
   * prototype; V8's minor collections keep such a function, and the request it reaches, alive, so
   * every request would move to the old generation, whose full collections cost seconds once many
   * sites' content is loaded (docs/benchmarks.md, many sites in one process).
   */
  readonly #emit: Emit;

  constructor(site: ServedSite, content: SiteContent, front: FrontSettings | undefined) {
    this.key = site.key;
    this.site = site;
    this.content = content;
    this.front = front;
    const resource = resourceInScope(this, 'agentsite.site-request');
    this.#resource = resource;
    this.#emit = function emitInSite(this: IncomingMessage, ...args: Parameters<Emit>) {
      return resource.runInAsyncScope(requestEmit, this, ...args);
    } as Emit;
  }

  /** Runs `handler` for the request in this record's scope, the request's later events included. */
  serve(handler: NodeHandler, req: IncomingMessage, res: ServerResponse): void {
    req.emit = this.#emit;
    this.#resource.runInAsyncScope(handler, undefined, req, res);
  }
}

/** The current request's record, when the work in hand is a request's (undefined for background work). */
export function siteRecordInScope(): SiteRecord | undefined {
  const scope = currentSiteScope();
  return scope instanceof SiteRecord ? scope : undefined;
}

/**
 * The site of the work in hand, from one read of the scope: a request's as it began, else the served
 * site its key names now (undefined when none does).
 */
export function currentServedSite(sites: Pick<SiteRegistry, 'site'>): ServedSite | undefined {
  const scope = currentSiteScope();
  return scope instanceof SiteRecord ? scope.site : sites.site(scope?.key ?? singleSiteKey);
}
