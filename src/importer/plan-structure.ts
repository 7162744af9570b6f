// The site's own structure for site.yaml: its navigation and footer menus as the home page shows
// them, each link leading to the page it became (a link to a page that was not imported is left out,
// so no menu item is a dead link), and the titles of the services and case-study sections in the
// site's own words (the menu's label for the overview: "Leistungen", "Projekte").
import type { MenuLink } from './menus.ts';
import type { LocalPath } from './layout.ts';
import type { PlannedPage } from './plan-pages.ts';

export interface SiteLinkOut {
  label: string;
  href: string;
}

export interface Structure {
  /** Absent when the site showed no menu: the product's own navigation stands in. */
  navigation?: SiteLinkOut[];
  /** The site's footer links, then the product's own for agents (by their site.yaml names). */
  footer?: (SiteLinkOut | (typeof agentLinks)[number])[];
  /** The site's languages, its own first, when pages are in others (translations). */
  languages?: string[];
  /** Each other language's menus, as its own home page (or another of its pages) shows them. */
  translations?: Record<string, { navigation?: SiteLinkOut[]; footer?: Structure['footer'] }>;
  sections: { id: string; title: string; description: string }[];
}

/** The product's addresses for agents, after the site's own footer links. */
const agentLinks = ['developers', 'llms-txt'] as const;

/** The section words in the languages the product ships, for sections the site's menu does not name. */
const sectionWords = {
  en: {
    company: ['Company', (brand: string) => `Who ${brand} is and how to reach us.`],
    services: ['Services', () => 'What we do, one page per service.'],
    'case-studies': ['Case studies', () => 'Work for our clients.'],
    other: (title: string) => `The ${title} pages.`,
  },
  de: {
    company: ['Unternehmen', (brand: string) => `Wer ${brand} ist und wie Sie uns erreichen.`],
    services: ['Leistungen', () => 'Was wir tun, eine Seite je Leistung.'],
    'case-studies': ['Referenzen', () => 'Unsere Arbeit für Kunden.'],
    other: (title: string) => `Die Seiten unter ${title}.`,
  },
} as const;

export function planStructure(
  planned: readonly PlannedPage[],
  localPath: LocalPath,
  options: { brand: string; language: string; extraSections: string[] },
): Structure {
  const { navigation, footer } = menusOf(planned, undefined, localPath);
  const others = [...new Set(planned.flatMap((page) => page.language ?? []))];
  const translations = Object.fromEntries(
    others.map((language) => {
      const links = menusOf(planned, language, localPath);
      return [
        language,
        {
          ...(links.navigation.length > 0 && { navigation: links.navigation }),
          ...(links.footer.length > 0 && { footer: [...links.footer, ...agentLinks] }),
        },
      ];
    }),
  );
  const words = options.language === 'de' ? sectionWords.de : sectionWords.en;
  const labelOf = (slug: string): string | undefined => {
    const path = planned.find((page) => page.kind === 'page' && page.slug === slug)?.path;
    return navigation.find((link) => link.href === path)?.label;
  };
  const section = (id: 'company' | 'services' | 'case-studies') => ({
    id,
    title: (id === 'company' ? undefined : labelOf(id)) ?? words[id][0],
    description: words[id][1](options.brand),
  });
  return {
    ...(navigation.length > 0 && { navigation }),
    ...(footer.length > 0 && { footer: [...footer, ...agentLinks] }),
    ...(others.length > 0 && { languages: [options.language, ...others], translations }),
    sections: [
      section('company'),
      section('services'),
      section('case-studies'),
      ...options.extraSections.map((id) => {
        const title = titleOf(id);
        return { id, title, description: words.other(title) };
      }),
    ],
  };
}

/** The menus of the pages in `language` (undefined: the site's own), from its home page first. */
function menusOf(
  planned: readonly PlannedPage[],
  language: string | undefined,
  localPath: LocalPath,
): { navigation: SiteLinkOut[]; footer: SiteLinkOut[] } {
  const pages = planned.filter((page) => page.language === language);
  const home = pages.find((page) => page.kind === 'home' || page.translationOf === 'home');
  const menus = [home, ...pages].find((page) => page && page.page.facts.menus.navigation.length > 0)?.page.facts.menus;
  return { navigation: resolved(menus?.navigation ?? [], localPath), footer: resolved(menus?.footer ?? [], localPath) };
}

/** Each link whose page was imported, at the page's new address, once. */
function resolved(links: readonly MenuLink[], localPath: LocalPath): SiteLinkOut[] {
  const out = new Map<string, SiteLinkOut>();
  for (const link of links) {
    const href = localPath(link.url);
    if (href && !out.has(href)) out.set(href, { label: link.label, href });
  }
  return [...out.values()];
}

function titleOf(id: string): string {
  const words = id.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
