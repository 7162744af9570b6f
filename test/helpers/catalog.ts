// Test helper: the capability catalogue of a content folder, for tests that build documents (pages,
// cards) without the whole service. Its enquiry path and audit refuse: documents never send an enquiry or audit.
import { capabilityCatalog, type Catalog } from '../../src/capabilities/catalog.ts';
import type { Config } from '../../src/config/config.ts';
import type { ContentCatalog } from '../../src/domain/content/catalog.ts';
import { randomBytes } from 'node:crypto';
import { createAsk } from '../../src/domain/ask/engine.ts';
import { createCursorCodec } from '../../src/domain/cursor.ts';
import { createSearch } from '../../src/domain/search/index.ts';
import { createLogger } from '../../src/kernel/logger.ts';

export function documentCatalog(config: Config, content: ContentCatalog): Catalog {
  const enquiries = { submit: () => Promise.reject(new Error('documents send no enquiry')) };
  const audits = { run: () => Promise.reject(new Error('documents run no audit')) };
  const search = createSearch(content);
  return capabilityCatalog({
    config,
    logger: createLogger('silent'),
    content,
    search,
    ask: createAsk({ content, search, baseUrl: config.baseUrl }),
    enquiries,
    audits,
    cursors: createCursorCodec(randomBytes(32)),
  });
}
