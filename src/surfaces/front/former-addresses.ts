// Site mode over an imported folder: the product is now the whole site, and the old site's addresses
// the import moved ("/about.html" is "/about" in the content) answer 301 to the page's new address,
// so links and bookmarks to the old site keep working and search engines move the page's standing.
// The addresses are the import's record (imported-addresses.ts), read at each request, so a folder
// imported again is followed without a restart.
import type { FastifyInstance } from 'fastify';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { ImportedAddresses } from './imported-addresses.ts';
import { ownedByProduct, pathOf } from './owned-paths.ts';

export function registerFormerAddresses(
  app: FastifyInstance,
  content: Pick<ContentCatalog, 'pageByPath'>,
  addresses: Pick<ImportedAddresses, 'contentOf'>,
): void {
  // A callback hook: the check is on every request, and an async hook costs promises on each.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    const originPath = pathOf(request.url);
    const contentPath = addresses.contentOf(originPath);
    if (contentPath === undefined || contentPath === originPath || ownedByProduct(originPath)) return done();
    // Only to a page the folder has, and never away from a page the folder serves at that address.
    if (!content.pageByPath(contentPath) || content.pageByPath(originPath)) return done();
    const query = request.url.indexOf('?');
    reply.redirect(query === -1 ? contentPath : `${contentPath}${request.url.slice(query)}`, 301);
  });
}
