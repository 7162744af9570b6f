// The links of the navigation and the footer: the site's own pages by name (worded in the site's
// language) or any link the content gives with its label. site.yaml `navigation` and `footer` choose
// them; without them every page has the links below. A named page links wherever that page lives
// (sitePaths): an imported site's overview at /leistungen is the `services` link.
import type { UiText } from '../language/ui-text.ts';
import type { Page, SiteLink, SitePaths } from './types.ts';

/** The addresses the product answers itself, which a site.yaml list may name too. */
const servedLinks = {
  developers: '/developers',
  audit: '/audit',
  'llms-txt': '/llms.txt',
  sitemap: '/sitemap.xml',
} as const;

const pageLinks = { services: 'services', 'case-studies': 'caseStudies', about: 'about', contact: 'contact' } as const;

export type SiteLinkName = keyof typeof pageLinks | keyof typeof servedLinks;
export const siteLinkNames = [...Object.keys(pageLinks), ...Object.keys(servedLinks)] as [
  SiteLinkName,
  ...SiteLinkName[],
];

export const defaultNavigation: SiteLinkName[] = ['services', 'case-studies', 'about', 'developers', 'contact'];
export const defaultFooter: SiteLinkName[] = ['contact', 'developers', 'audit', 'llms-txt', 'sitemap'];

/**
 * The paths of the pages named services, case-studies, about and contact: a page's own `path`
 * (front matter) when it sets one, else /<slug>.
 * @example sitePaths([{ slug: 'contact', path: '/kontakt' }]).contact // '/kontakt'
 */
export function sitePaths(
  pages: readonly Pick<Page, 'slug' | 'path' | 'language' | 'translationOf'>[],
  language?: string,
): SitePaths {
  // In another language: the page translating the named one, where there is one.
  const translated = (slug: string): string | undefined =>
    language === undefined
      ? undefined
      : pages.find((page) => page.translationOf === slug && page.language === language)?.path;
  const pathOf = (slug: string): string =>
    translated(slug) ?? pages.find((page) => page.slug === slug)?.path ?? `/${slug}`;
  return {
    services: pathOf('services'),
    caseStudies: pathOf('case-studies'),
    about: pathOf('about'),
    contact: pathOf('contact'),
  };
}

/** Each link with its address and its label in the site's language. */
export function resolveLinks(links: readonly (SiteLinkName | SiteLink)[], ui: UiText, paths: SitePaths): SiteLink[] {
  return links.map((link) => {
    if (typeof link !== 'string') return link;
    const href =
      link in pageLinks
        ? paths[pageLinks[link as keyof typeof pageLinks]]
        : servedLinks[link as keyof typeof servedLinks];
    return { href, label: ui.text(`nav.${link}`) };
  });
}
