// The links of the navigation and the footer: the site's own pages by name (worded in the site's
// language) or any link the content gives with its label. site.yaml `navigation` and `footer` choose
// them; without them every page has the links below.
import type { UiText } from '../language/ui-text.ts';

/** The site's own links a site.yaml list may name, with their addresses. */
const ownLinks = {
  services: '/services',
  'case-studies': '/case-studies',
  about: '/about',
  developers: '/developers',
  contact: '/contact',
  audit: '/audit',
  'llms-txt': '/llms.txt',
  sitemap: '/sitemap.xml',
} as const;

export type SiteLinkName = keyof typeof ownLinks;
export const siteLinkNames = Object.keys(ownLinks) as [SiteLinkName, ...SiteLinkName[]];

export interface SiteLink {
  href: string;
  label: string;
}

export const defaultNavigation: SiteLinkName[] = ['services', 'case-studies', 'about', 'developers', 'contact'];
export const defaultFooter: SiteLinkName[] = ['contact', 'developers', 'audit', 'llms-txt', 'sitemap'];

/** Each link with its address and its label in the site's language. */
export function resolveLinks(links: readonly (SiteLinkName | SiteLink)[], ui: UiText): SiteLink[] {
  return links.map((link) =>
    typeof link === 'string' ? { href: ownLinks[link], label: ui.text(`nav.${link}`) } : link,
  );
}
