// What the capabilities need from the composition root: a narrow view, so a handler reaches the
// validated content, the one search, the one enquiry path and the public audit, and nothing else.
import type { Config } from '../config/config.ts';
import type { ContentCatalog } from '../domain/content/catalog.ts';
import type { CursorCodec } from '../domain/cursor.ts';
import type { PublicAudits } from '../audit/public-audits.ts';
import type { EnquiryService } from '../domain/enquiries/submit.ts';
import type { SiteSearch } from '../domain/search/index.ts';
import type { Ask } from '../domain/ask/engine.ts';
import type { Logger } from '../kernel/logger.ts';

export interface CatalogDeps {
  config: Pick<Config, 'baseUrl' | 'assessmentApiKeys'>;
  logger: Logger;
  content: ContentCatalog;
  search: SiteSearch;
  /** NLWeb's ask over the same content and search. */
  ask: Ask;
  enquiries: Pick<EnquiryService, 'submit'>;
  /** The public agent-readiness audit (its budget, bounds and kept reports). */
  audits: Pick<PublicAudits, 'run'>;
  /** Signs and checks the case-study index's cursors (its key is kept in the database, shared by every instance). */
  cursors: CursorCodec;
}
