// What the search indexes of each page: its text per field, in the order of the fields' boosts.
import type { ContentCatalog } from '../content/catalog.ts';
import type { CaseStudy } from '../content/types.ts';
import { listingPageSlug } from '../content/generated-pages.ts';
import { plainText } from './plain-text.ts';

/** Indexed fields and their boosts: a word in a title or client name counts three times one in the body. */
export const fields = { title: 3, description: 1.5, body: 1, client: 3, industry: 2, services: 2 };
type Field = keyof typeof fields;

/** A page's text for each field of `fields`, in its order; a page that is no case study has no client. */
export function documentFields(
  catalog: ContentCatalog,
  page: ContentCatalog['pages'][number],
  cs: CaseStudy | undefined,
): string[] {
  const text: Record<Field, string> = {
    title: page.title,
    description: page.description,
    // The listing repeats every case study, which are indexed on their own pages.
    body: page.slug === listingPageSlug ? '' : plainText(page.body),
    client: cs?.client ?? '',
    industry: cs?.industry ?? '',
    services: cs ? cs.services.map((slug) => catalog.serviceBySlug(slug)?.name ?? slug).join(' ') : '',
  };
  return (Object.keys(fields) as Field[]).map((field) => text[field]);
}
