// A service or case study is one entry with translations, never a second entry. A service's page in
// another language is the page translating services/<slug> (its name and summary that page's title
// and description unless services.yaml `translations` words them); a case study's translation is
// case-studies/<language>/<slug>.md with its own wording, served beneath that language's listing.
import type { z } from 'zod';
import type { UiText } from '../language/ui-text.ts';
import { ContentError, type ContentIssues, type SourceText } from './content-error.ts';
import { lineOfField } from './field-lines.ts';
import { caseStudyPage } from './references.ts';
import type { caseStudyTranslationSchema, servicesFileSchema } from './schema.ts';
import type { CaseStudy, Page, Service } from './types.ts';

export type ServiceWording = NonNullable<z.output<typeof servicesFileSchema>[number]['translations']>;

/** A file of case-studies/<language>/, as read. */
export interface CaseStudyTranslationFile {
  file: string;
  /** "en/weber-engineering". */
  slug: string;
  fm: z.output<typeof caseStudyTranslationSchema>;
  body: string;
}

/** Each language's entries: every service and case study once, in that language where it has one. */
export type LocalizedEntries = Record<string, { services: Service[]; caseStudies: CaseStudy[] }>;

interface Input {
  issues: ContentIssues;
  sources: Map<string, SourceText>;
  /** The site's languages other than the default. */
  others: string[];
  services: Service[];
  wording: Map<string, ServiceWording>;
  caseStudies: CaseStudy[];
  files: CaseStudyTranslationFile[];
  pages: Page[];
  uiOf: (language: string) => UiText;
}

/**
 * Sets each entry's `translations` (language → path), and returns each other language's entries and
 * the pages of the case studies' translations; every mistake is added to `issues`.
 */
export function translateEntries(input: Input): { localized: LocalizedEntries; pages: Page[] } {
  const localized: LocalizedEntries = {};
  const pages: Page[] = [];
  checkServiceWording(input);
  const studies = caseStudyTranslations(input);
  for (const language of input.others) {
    const services = input.services.map((service) => serviceIn(input, service, language));
    const caseStudies = input.caseStudies.map((cs) => studies.get(`${cs.slug} ${language}`)?.cs ?? cs);
    localized[language] = { services, caseStudies };
    for (const [key, { cs }] of studies)
      if (key.endsWith(` ${language}`))
        pages.push({
          ...caseStudyPage(cs, services, input.uiOf(language)),
          slug: cs.pageSlug!,
          language,
          translationOf: `case-studies/${cs.slug}`,
        });
  }
  return { localized, pages };
}

/** A service as a page in `language` shows it; records the path of its page there on the entry. */
function serviceIn({ pages, wording }: Input, service: Service, language: string): Service {
  const page = pages.find((p) => p.translationOf === service.pageSlug && p.language === language);
  if (!page) return service;
  (service.translations ??= {})[language] = page.path;
  const own = wording.get(service.slug)?.[language];
  return {
    ...service,
    name: own?.name ?? page.title,
    summary: own?.summary ?? page.description,
    keywords: own?.keywords ?? service.keywords,
    deliverables: own?.deliverables ?? service.deliverables,
    pageSlug: page.slug,
    path: page.path,
  };
}

/** services.yaml `translations`: each a language of the site, each with the service's page in it. */
function checkServiceWording({ issues, sources, others, services, wording, pages }: Input): void {
  for (const [index, service] of services.entries())
    for (const language of Object.keys(wording.get(service.slug) ?? {})) {
      const problem = !others.includes(language)
        ? `"${language}" is not one of the site's other languages (${others.join(', ') || 'none'})`
        : pages.some((page) => page.translationOf === service.pageSlug && page.language === language)
          ? undefined
          : `has no page in ${language}: give a page translationOf: ${service.pageSlug} and language: ${language}`;
      const path = [index, 'translations', language];
      if (problem)
        issues.add(
          new ContentError(
            'services.yaml',
            `[${index}].translations.${language}`,
            problem,
            lineOfField(sources.get('services.yaml')?.text ?? '', path),
          ),
        );
    }
}

/** Each case study's translations, by "<slug> <language>", each file checked. */
function caseStudyTranslations(input: Input): Map<string, { cs: CaseStudy }> {
  const { issues, sources, others, caseStudies, files, pages } = input;
  const found = new Map<string, { cs: CaseStudy; file: string }>();
  const fail = (file: string, field: string | undefined, problem: string): void =>
    issues.add(
      new ContentError(file, field, problem, field ? lineOfField(sources.get(file)!.text, [field], 2) : undefined),
    );
  for (const { file, slug, fm, body } of files) {
    const [language = '', own, ...deeper] = slug.split('/');
    if (!others.includes(language) || deeper.length > 0) {
      fail(
        file,
        undefined,
        `must be case-studies/<language>/<slug>.md, the language one of ${others.join(', ') || 'none: site.yaml lists no other language'}`,
      );
      continue;
    }
    const entry = caseStudies.find((cs) => cs.slug === fm.translationOf);
    const key = `${fm.translationOf} ${language}`;
    if (!entry) fail(file, 'translationOf', `"${fm.translationOf}" is not a case study in case-studies/`);
    else if (found.has(key))
      fail(
        file,
        'translationOf',
        `"${fm.translationOf}" already has a translation in ${language}: ${found.get(key)!.file}`,
      );
    else {
      const listing = pages.find((page) => page.translationOf === 'case-studies' && page.language === language)?.path;
      const path = `${listing ?? `/${language}${entry.path.slice(0, entry.path.lastIndexOf('/'))}`}/${own}`;
      (entry.translations ??= {})[language] = path;
      const { translationOf: _, ...wording } = fm;
      const pageSlug = `case-studies/${slug}`;
      const cs = { ...entry, ...wording, client: fm.client ?? entry.client, body, path, pageSlug };
      found.set(key, { cs, file });
    }
  }
  return found;
}
