// The site settings with every optional field of site.yaml and contact.yaml resolved to its
// default. A default claims nothing the content does not say: no offer means no offer, no fit rule
// means nothing is out of fit, and examples are taken from the agency's own services and studies.
// docs/content.md lists these defaults; `content:check` explains the missing ones (optionalNotes).
import type { z } from 'zod';
import { enquiryTopics } from '../enquiries/schema.ts';
import type { contactFileSchema, siteFileSchema } from './schema.ts';
import type { CaseStudy, ContactDetails, Page, Reason, Service, SiteConfig, SiteLink } from './types.ts';
import { createUiText, type UiText } from '../language/ui-text.ts';
import { defaultFooter, defaultNavigation, resolveLinks, type SiteLinkName, sitePaths } from './site-links.ts';

type SiteFile = z.output<typeof siteFileSchema>;

/** A colour with enough contrast on white (and white on it) for links and buttons. */
export const defaultBrandColour = '#334155';

export function resolveSite(
  site: SiteFile,
  content: { services: Service[]; caseStudies: CaseStudy[]; pages: Page[]; reasons: Reason[] },
  ui: UiText,
  uiOf: (language: string) => UiText = createUiText,
): SiteConfig {
  const firstService = content.services[0];
  const challenge = site.agentExamples.challenge ?? firstService?.keywords[0] ?? site.brandName;
  const brand = site.brandName;
  const offer = site.offer && {
    page: site.offer.page,
    // Its page's own address (a page may set `path`).
    path: content.pages.find((page) => page.slug === site.offer!.page)?.path ?? `/${site.offer.page}`,
    name: site.offer.name,
    button: site.offer.button ?? ui.text('cta.offerButton', { offer: site.offer.name }),
    navLabel: site.offer.navLabel ?? site.offer.name,
    closingTitle: site.offer.closingTitle ?? ui.text('cta.offerClosing', { offer: site.offer.name }),
    bookTitle: site.offer.bookTitle ?? site.offer.button ?? ui.text('cta.offerButton', { offer: site.offer.name }),
    bookButton: site.offer.bookButton ?? ui.text('cta.offerBook'),
  };
  const paths = sitePaths(content.pages);
  // Each other language's links, named ones worded in that language.
  const translations = Object.fromEntries(
    (site.languages ?? []).slice(1).map((language) => {
      const words = uiOf(language);
      const own = site.translations?.[language];
      const languagePaths = sitePaths(content.pages, language);
      return [
        language,
        {
          paths: languagePaths,
          homePath:
            content.pages.find((page) => page.translationOf === 'home' && page.language === language)?.path ?? '/',
          navigation: resolveLinks(own?.navigation ?? site.navigation ?? defaultNavigation, words, languagePaths),
          footer: resolveLinks(own?.footer ?? site.footer ?? defaultFooter, words, languagePaths),
        },
      ];
    }),
  );
  return {
    language: site.language,
    languages: site.languages ?? [site.language],
    ...(site.identifier !== undefined && { identifier: site.identifier }),
    navigation: resolveLinks(withPages(site.navigation ?? defaultNavigation, content.pages), ui, paths),
    footer: resolveLinks(withPages(site.footer ?? defaultFooter, content.pages), ui, paths),
    paths,
    homePath: '/',
    translations,
    brandName: brand,
    toolPrefix: site.toolPrefix,
    tagline: site.tagline,
    fit: site.fit,
    sample: site.sample,
    areaServed: site.areaServed,
    ...(site.speciality !== undefined && { speciality: site.speciality }),
    describedAs: site.describedAs ?? brand,
    brandColour: site.brandColour ?? defaultBrandColour,
    hero: {
      ...(site.hero.eyebrow !== undefined && { eyebrow: site.hero.eyebrow }),
      // The note's "{caseStudies}" stays for the home page to fill in.
      note: site.hero.note ?? ui.text('home.heroNote', { caseStudies: '{caseStudies}' }),
      resultsNote: site.hero.resultsNote ?? ui.text('home.resultsNote'),
      intro: site.hero.intro ?? true,
    },
    ...(offer && { offer }),
    fitRule: site.fitRule ?? { outside: [], usuallyOutside: [], inside: [] },
    examples: {
      challenge,
      search:
        site.agentExamples.search ??
        content.caseStudies.find((cs) => cs.industry)?.industry?.toLowerCase() ??
        challenge,
      prospect: site.agentExamples.prospect ?? challenge,
      enquiryAbout: site.agentExamples.enquiryAbout ?? firstService?.name ?? 'your services',
      pageSlug: firstService ? firstService.pageSlug : 'about',
      reasonTopics: [...new Set(content.reasons.map((reason) => reason.topic))].slice(0, 2),
    },
    representativeQueries: {
      mcp: site.representativeQueries.mcp ?? [
        `what does ${brand} do`,
        `${brand} case studies with results`,
        `send an enquiry to ${brand}`,
      ],
      a2a: site.representativeQueries.a2a ?? [
        `ask ${brand}'s agent which services fit a challenge`,
        `agent that finds ${brand} case studies with results`,
      ],
    },
  };
}

/**
 * The enquiry topics offered, in the API's order: those contact.yaml lists, or every topic. The
 * "assessment" topic is the offer's, so it exists only with an offer and is labelled with its name.
 */
export function resolveTopics(
  declared: z.output<typeof contactFileSchema>['topics'],
  offer: SiteFile['offer'],
  ui: UiText,
): ContactDetails['topics'] {
  const ids = enquiryTopics.filter(
    (id) => (declared ? id === 'general' || id in declared : true) && (id !== 'assessment' || offer),
  );
  return ids.map((id) => ({
    id,
    label: declared?.[id] ?? (id === 'assessment' && offer ? offer.name : ui.text(`topic.${id}`)),
  }));
}

/** Content pages the site's own links lead to: a link to one the content lacks (a gap) is left out. */
const pageLinks = new Set<string>(['services', 'case-studies', 'about', 'contact']);

function withPages(links: readonly (SiteLinkName | SiteLink)[], pages: Page[]): (SiteLinkName | SiteLink)[] {
  return links.filter((link) => typeof link !== 'string' || !pageLinks.has(link) || pages.some((p) => p.slug === link));
}
