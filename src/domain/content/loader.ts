// Reads and validates the content folder (see docs/content.md for its layout) into a
// ContentCatalog, once at start-up. Every mistake of the run is collected; the first is thrown as a
// ContentError carrying them all, each naming its file, field and line.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { createUiText } from '../language/ui-text.ts';
import { buildCatalog, type ContentCatalog } from './catalog.ts';
import { ContentError, ContentIssues } from './content-error.ts';
import { contentNotes } from './content-notes.ts';
import { type ContentReader, createContentReader } from './content-reader.ts';
import { lineOfField } from './field-lines.ts';
import { appendGeneratedSections } from './generated-pages.ts';
import { caseStudyPage, checkReferences } from './references.ts';
import {
  caseStudyFrontMatterSchema,
  contactFileSchema,
  pageFrontMatterSchema,
  proofPointsFileSchema,
  reasonsFileSchema,
  servicesFileSchema,
  siteFileSchema,
  synonymsFileSchema,
} from './schema.ts';
import { sitePaths } from './site-links.ts';
import { resolveSite, resolveTopics } from './site-settings.ts';
import { loadLogo, loadSkills } from './skill-files.ts';
import type { CaseStudy, Page } from './types.ts';
import { translateEntries, type ServiceWording } from './entry-translations.ts';
import { readCaseStudyTranslations, readUiFiles } from './language-files.ts';

/** Loads and validates every content file under `dir`. */
export async function loadContent(dir: string): Promise<ContentCatalog> {
  const root = path.resolve(dir);
  const issues = new ContentIssues();
  const reader = createContentReader(root, issues);
  const { site, uiWords, contact, services, wording, reasons, proof, synonyms } = readYamlFiles(reader);
  const languages = site ? (site.languages ?? [site.language]) : ['en'];
  const uiOf = (language: string) => createUiText(language, uiWords[language]);
  const ui = uiOf(languages[0]!);
  const pages = await readPages(reader);
  // Case studies are served beneath their listing page, wherever the site has it (/projekte/<slug>).
  const paths = sitePaths(pages);
  const caseStudies = await readCaseStudies(
    reader,
    new Set(proof?.points.map((point) => point.caseStudy)),
    paths.caseStudies,
  );
  for (const service of services)
    service.path = pages.find((page) => page.slug === service.pageSlug)?.path ?? `/${service.pageSlug}`;
  const skills = await loadSkills(root, issues);
  const logo = site?.logo === undefined ? undefined : issues.attempt(() => loadLogo(root, site.logo!));
  const translated = translateEntries({
    issues,
    sources: reader.sources,
    others: languages.slice(1),
    services,
    wording,
    caseStudies,
    files: await readCaseStudyTranslations(reader),
    pages,
    uiOf,
  });
  const allPages = [...pages, ...caseStudies.map((cs) => caseStudyPage(cs, services, ui)), ...translated.pages];
  checkAssessmentNeedsOffer(reader, site, contact);
  const { sources, linkable, gapFiles } = reader;
  const points = proof?.points ?? [];
  const proofPoints = checkReferences({
    issues,
    sources,
    site,
    services,
    reasons,
    caseStudies,
    pages: allPages,
    points,
    linkable,
    gapFiles,
  });
  issues.notes.push(...contentNotes({ raw: reader.raw, language: site?.language, skills, caseStudies }));
  issues.throwIfAny();
  const catalog = buildCatalog({
    dir: root,
    site: resolveSite(site!, { services, caseStudies, pages, reasons }, ui, uiOf),
    ui,
    uiWords,
    localized: translated.localized,
    sections: site!.sections,
    ...(site!.valueProposition !== undefined && { valueProposition: site!.valueProposition }),
    contact: { ...contact!, topics: resolveTopics(contact!.topics, site!.offer, ui) },
    services,
    reasons,
    ...(proof!.intro !== undefined && { proofPointsIntro: proof!.intro }),
    proofPoints,
    caseStudies,
    pages: allPages,
    skills,
    synonyms: synonyms ?? [],
    notes: issues.notes,
    gaps: issues.gaps,
    ...(logo !== undefined && { logo }),
  });
  appendGeneratedSections(catalog);
  return catalog;
}

/** The YAML files, in the order their mistakes are reported. */
function readYamlFiles(reader: ContentReader) {
  const site = reader.yamlFile('site.yaml', siteFileSchema);
  // ui.yaml (and ui.<language>.yaml) are optional: the site's words, any of them replaced there.
  const uiWords = readUiFiles(reader, site ? (site.languages ?? [site.language]) : ['en']);
  const contact = reader.yamlFile('contact.yaml', contactFileSchema);
  const wording = new Map<string, ServiceWording>();
  const services = (reader.yamlFile('services.yaml', servicesFileSchema) ?? []).map(({ translations, ...service }) => {
    if (translations) wording.set(service.slug, translations);
    return {
      ...service,
      pageSlug: `services/${service.slug}`,
      // Set once the pages are read: the service page's own path.
      path: `/services/${service.slug}`,
    };
  });
  const reasons = reader.yamlFile('reasons.yaml', reasonsFileSchema) ?? [];
  const proof = reader.yamlFile('proof-points.yaml', proofPointsFileSchema);
  const synonyms = existsSync(path.join(reader.root, 'synonyms.yaml'))
    ? reader.yamlFile('synonyms.yaml', synonymsFileSchema)
    : [];
  return { site, uiWords, contact, services, wording, reasons, proof, synonyms };
}

async function readCaseStudies(
  reader: ContentReader,
  flagshipSlugs: Set<string>,
  listingPath: string,
): Promise<CaseStudy[]> {
  return (await reader.markdown('case-studies', caseStudyFrontMatterSchema, false)).map(({ slug, fm, body }) => ({
    slug,
    path: `${listingPath === '/' ? '' : listingPath}/${slug}`,
    ...fm,
    flagship: flagshipSlugs.has(slug),
    body,
  }));
}

async function readPages(reader: ContentReader): Promise<Page[]> {
  return (await reader.markdown('pages', pageFrontMatterSchema)).map(({ slug, fm, body }) => ({
    slug,
    path: fm.path ?? `/${slug}`,
    title: fm.title,
    description: fm.description,
    section: fm.section,
    body,
    ...(fm.order !== undefined && { order: fm.order }),
    ...(fm.language !== undefined && { language: fm.language }),
    ...(fm.translationOf !== undefined && { translationOf: fm.translationOf }),
    ...(fm.homeSections !== undefined && { homeSections: fm.homeSections }),
  }));
}

/** An assessment topic is the offer's: without an offer in site.yaml it has nothing to stand for. */
function checkAssessmentNeedsOffer(
  reader: ContentReader,
  site: z.output<typeof siteFileSchema> | undefined,
  contact: z.output<typeof contactFileSchema> | undefined,
): void {
  if (contact?.topics?.assessment === undefined || !site || site.offer) return;
  const line = lineOfField(reader.sources.get('contact.yaml')!.text, ['topics', 'assessment']);
  reader.issues.add(
    new ContentError(
      'contact.yaml',
      'topics.assessment',
      'is the topic of an offer, and site.yaml declares no offer',
      line,
    ),
  );
}
