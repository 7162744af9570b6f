// Cross-file checks (every reference points at something that exists, nothing is listed twice,
// every link in a page leads to a page) and the page generated for each case study, so case studies
// are served like any other page. Each mistake is recorded with its file, field and line.
import { caseStudyHeading } from './case-study-text.ts';
import type { z } from 'zod';
import type { UiText } from '../language/ui-text.ts';
import { ContentError, type ContentIssues, type SourceText } from './content-error.ts';
import { lineOfField } from './field-lines.ts';
import { unpublishableLinks } from './link-schemes.ts';
import type { siteFileSchema } from './schema.ts';
import type { CaseStudy, Page, ProofPoint, Reason, Service } from './types.ts';

interface Checked {
  issues: ContentIssues;
  sources: Map<string, SourceText>;
  site: z.output<typeof siteFileSchema> | undefined;
  services: Service[];
  reasons: Reason[];
  caseStudies: CaseStudy[];
  pages: Page[];
  points: { caseStudy: string; claim: string }[];
  /** Addresses of every page file found, loaded or not (a link to a broken file is not a dead link). */
  linkable: Set<string>;
  /** Files left out whole as gaps: a required page among them is a listed gap, not a mistake. */
  gapFiles: Set<string>;
}

/** Pages every page's navigation links, so the content must have them. */
const navigationPageSlugs = ['services', 'case-studies', 'about', 'contact'];

/** Addresses the service serves itself, which pages may link to (everything else must be a page). */
const servedRoutes =
  /^\/(?:developers|search|llms(?:-full)?\.txt|sitemap\.xml|robots\.txt|logo\.svg|auth\.md|contact\/sent|(?:markdown|agent|api|a2a|\.well-known)(?:\/.*)?)$/;

/** Records one mistake at a field of a file (its line found from the field's path). */
type Fail = (file: string, path: PropertyKey[], field: string | undefined, problem: string) => void;

/** Records every broken reference; returns the resolved proof points. */
export function checkReferences(parts: Checked): ProofPoint[] {
  const { issues, sources } = parts;
  const fail: Fail = (file, path, field, problem) => {
    const source = sources.get(file);
    const line = source && lineOfField(source.text, path, source.yamlStartLine);
    issues.add(new ContentError(file, field, problem, line));
  };
  const paths = checkPages(parts, fail);
  checkTranslations(parts, fail);
  checkServices(parts, fail);
  checkCaseStudies(parts, fail);
  checkLinks(parts, paths);
  return resolveProofPoints(parts, fail);
}

const fileOf = (page: Page): string =>
  page.caseStudySlug ? `case-studies/${page.caseStudySlug}.md` : `pages/${page.slug}.md`;

/** Sections and addresses of the pages, the home page and the navigation's pages; returns path → file. */
function checkPages({ issues, site, pages, gapFiles }: Checked, fail: Fail): Map<string, string> {
  const sectionIds = new Set(site?.sections.map((section) => section.id));
  const paths = new Map<string, string>();
  for (const page of pages) {
    const file = fileOf(page);
    if (site && !sectionIds.has(page.section))
      fail(file, ['section'], 'section', `"${page.section}" is not a section listed in site.yaml`);
    const other = paths.get(page.path);
    if (other) fail(file, ['path'], 'path', `"${page.path}" is already used by ${other}`);
    else paths.set(page.path, file);
  }
  if (pages.some((page) => !page.caseStudySlug)) {
    if (!paths.has('/')) issues.add(new ContentError('pages/', undefined, 'needs a home page with "path: /"'));
    for (const slug of navigationPageSlugs) {
      if (!pages.some((page) => page.slug === slug) && !gapFiles.has(`pages/${slug}.md`))
        issues.add(
          new ContentError(`pages/${slug}.md`, undefined, `is missing: every page's navigation links /${slug}`),
        );
    }
  }
  if (site?.offer && !pages.some((page) => page.slug === site.offer!.page)) {
    fail(
      'site.yaml',
      ['offer', 'page'],
      'offer.page',
      `"${site.offer.page}" has no page; create pages/${site.offer.page}.md or remove the offer`,
    );
  }
  return paths;
}

/** Each translated page in one of the site's languages, translating a page that exists, once per language. */
function checkTranslations({ site, pages }: Checked, fail: Fail): void {
  const languages = site ? (site.languages ?? [site.language]) : [];
  const slugs = new Set(pages.map((page) => page.slug));
  const taken = new Set<string>();
  for (const page of pages) {
    const file = fileOf(page);
    if (page.language !== undefined && site && !languages.includes(page.language))
      fail(
        file,
        ['language'],
        'language',
        `"${page.language}" is not one of site.yaml languages (${languages.join(', ')})`,
      );
    if (page.translationOf === undefined) continue;
    if (!slugs.has(page.translationOf) || page.translationOf === page.slug)
      fail(file, ['translationOf'], 'translationOf', `"${page.translationOf}" is not another page of the site`);
    else if (page.language === undefined || page.language === site?.language)
      fail(
        file,
        ['language'],
        'language',
        `a translation needs its language, another than the default (${site?.language})`,
      );
    const key = `${page.translationOf} ${page.language}`;
    if (taken.has(key))
      fail(
        file,
        ['translationOf'],
        'translationOf',
        `"${page.translationOf}" already has a translation in ${page.language}`,
      );
    taken.add(key);
  }
}

/** Services and reasons listed once each, every service with its page. */
function checkServices({ services, reasons, pages }: Checked, fail: Fail): void {
  for (const index of duplicates(services.map((service) => service.slug))) {
    fail('services.yaml', [index, 'slug'], `[${index}].slug`, `"${services[index]!.slug}" is listed twice`);
  }
  for (const index of duplicates(reasons.map((reason) => reason.id))) {
    fail('reasons.yaml', [index, 'id'], `[${index}].id`, `"${reasons[index]!.id}" is listed twice`);
  }
  for (const [index, service] of services.entries()) {
    if (!pages.some((page) => page.slug === service.pageSlug))
      fail(
        'services.yaml',
        [index, 'slug'],
        `[${index}].slug`,
        `"${service.slug}" has no page; create pages/${service.pageSlug}.md`,
      );
  }
}

/** Every service a case study names exists, once. */
function checkCaseStudies({ services, caseStudies }: Checked, fail: Fail): void {
  const serviceSlugs = new Set(services.map((service) => service.slug));
  for (const cs of caseStudies) {
    const file = `case-studies/${cs.slug}.md`;
    cs.services.forEach((slug, index) => {
      if (!serviceSlugs.has(slug))
        fail(file, ['services', index], `services[${index}]`, `"${slug}" is not a service in services.yaml`);
    });
    for (const index of duplicates(cs.services)) {
      fail(file, ['services', index], `services[${index}]`, `"${cs.services[index]}" is listed twice`);
    }
  }
}

/**
 * Every link in a page's body leads to a page, a page file or an address the service serves, and
 * none uses a scheme that is not published (javascript:, data:…; see link-schemes.ts).
 */
function checkLinks({ issues, sources, pages, linkable }: Checked, paths: Map<string, string>): void {
  for (const page of pages) {
    const file = fileOf(page);
    for (const target of unpublishableLinks(page.body)) {
      const offset = sources.get(file)?.text.indexOf(target) ?? -1;
      const line = offset < 0 ? undefined : sources.get(file)!.text.slice(0, offset).split('\n').length;
      const shown = target.length > 60 ? `${target.slice(0, 60)}…` : target;
      issues.add(
        new ContentError(
          file,
          undefined,
          `links to ${shown}: only http, https, mailto and tel links are published`,
          line,
        ),
      );
    }
    for (const [, target] of page.body.matchAll(/\]\((\/[^)\s#?]*)/g)) {
      const path = target!.length > 1 ? target!.replace(/\/$/, '') : target!;
      if (paths.has(path) || linkable.has(path) || servedRoutes.test(path)) continue;
      const offset = sources.get(file)?.text.indexOf(`](${target}`) ?? -1;
      const line = offset < 0 ? undefined : sources.get(file)!.text.slice(0, offset).split('\n').length;
      issues.add(new ContentError(file, undefined, `links to ${target}, which is not a page of the site`, line));
    }
  }
}

/** The proof points with their case studies; a missing or repeated one is a mistake. */
function resolveProofPoints({ points, caseStudies }: Checked, fail: Fail): ProofPoint[] {
  for (const index of duplicates(points.map((point) => point.caseStudy))) {
    fail(
      'proof-points.yaml',
      ['points', index, 'caseStudy'],
      `points[${index}].caseStudy`,
      `"${points[index]!.caseStudy}" is listed twice`,
    );
  }
  return points.flatMap((point, index) => {
    const caseStudy = caseStudies.find((cs) => cs.slug === point.caseStudy);
    if (caseStudy) return [{ caseStudy, claim: point.claim }];
    fail(
      'proof-points.yaml',
      ['points', index, 'caseStudy'],
      `points[${index}].caseStudy`,
      `"${point.caseStudy}" is not a file in case-studies/`,
    );
    return [];
  });
}

/** Positions of values seen before, e.g. duplicates(['a', 'b', 'a']) is [2]. */
function duplicates(values: string[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  for (const [index, value] of values.entries()) {
    if (seen.has(value)) repeated.push(index);
    seen.add(value);
  }
  return repeated;
}

/** The page of one case study, at its path beneath the listing: its facts labelled and dated in the site's words. */
export function caseStudyPage(
  cs: CaseStudy,
  services: { slug: string; name: string; path: string }[],
  ui: UiText,
): Page {
  const serviceLinks = cs.services
    .map((slug) => services.find((service) => service.slug === slug))
    .filter((service) => service !== undefined)
    .map((service) => `[${service.name}](${service.path})`);
  const facts = [
    cs.industry ? `**${ui.text('study.industry')}:** ${cs.industry}` : '',
    cs.companySize ? `**${ui.text('study.companySize')}:** ${cs.companySize}` : '',
    `**${ui.text('study.services')}:** ${serviceLinks.join(', ')}`,
    `**${ui.text('study.published')}:** ${ui.date(cs.publishedAt)}`,
  ]
    .filter(Boolean)
    .map((fact) => `- ${fact}`)
    .join('\n');
  return {
    slug: `case-studies/${cs.slug}`,
    path: cs.path,
    title: caseStudyHeading(cs),
    description: cs.summary,
    section: 'case-studies',
    body: `# ${caseStudyHeading(cs)}\n\n${cs.summary}\n\n${facts}\n\n${cs.body}`,
    caseStudySlug: cs.slug,
  };
}
