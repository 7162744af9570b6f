// Site mode over an imported folder: the product is now the whole site, and the old site's addresses
// the import moved ("/about.html" is "/about" in the content) answer 301 to the page's new address,
// so links and bookmarks to the old site keep working and search engines move the page's standing.
// The addresses are the import's record (imported-addresses.ts); exact routes, so they are found
// before the site's page route.
import type { FastifyInstance } from 'fastify';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { ImportedAddresses } from './imported-addresses.ts';
import { ownedByProduct } from './owned-paths.ts';

/** Characters the router reads as parameters or wildcards: such an old address is left unrouted. */
const routerSyntax = /[:*?#]/;

export function registerFormerAddresses(
  app: FastifyInstance,
  content: Pick<ContentCatalog, 'pageByPath'>,
  addresses: ImportedAddresses,
): void {
  for (const [originPath, contentPath] of addresses.moved()) {
    if (originPath === contentPath || ownedByProduct(originPath) || routerSyntax.test(originPath)) continue;
    if (!content.pageByPath(contentPath) || content.pageByPath(originPath)) continue;
    app.get(originPath, (request, reply) => {
      const query = request.url.indexOf('?');
      return reply.redirect(query === -1 ? contentPath : `${contentPath}${request.url.slice(query)}`, 301);
    });
  }
}
