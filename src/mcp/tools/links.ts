// Absolute links for tool output, built with the site's own URL scheme (domain/content/urls.ts).
import { pageUrls } from '../../domain/content/urls.ts';

/** `{ url, markdownUrl }` of a page, e.g. links(base, 'about', '/about'). */
export function links(baseUrl: string, slug: string, path: string): { url: string; markdownUrl: string } {
  const { url, markdown_url: markdownUrl } = pageUrls(baseUrl, { slug, path });
  return { url, markdownUrl };
}

/** Links of a case study by its slug. */
export function caseStudyLinks(baseUrl: string, slug: string): { url: string; markdownUrl: string } {
  return links(baseUrl, `case-studies/${slug}`, `/case-studies/${slug}`);
}
