// Cross-file checks (every reference points at something that exists, nothing is listed twice,
// every link in a page leads to a page) and the page generated for each case study, so case studies
// are served like any other page. Each mistake is recorded with its file, field and line.
import type { z } from 'zod';
import { ContentError, type ContentIssues, type SourceText } from './content-error.ts';
import { lineOfField } from './field-lines.ts';
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
}

/** Pages every page's navigation links, so the content must have them. */
const navigationPageSlugs = ['services', 'case-studies', 'about', 'contact'];

/** Addresses the service serves itself, which pages may link to (everything else must be a page). */
const servedRoutes =
  /^\/(?:developers|search|llms(?:-full)?\.txt|sitemap\.xml|robots\.txt|logo\.svg|auth\.md|contact\/sent|(?:markdown|agent|api|a2a|\.well-known)(?:\/.*)?)$/;

/** Records every broken reference; returns the resolved proof points. */
export function checkReferences(parts: Checked): ProofPoint[] {
  const { issues, sources, site } = parts;
  const at = (file: string, path: PropertyKey[]): number | undefined => {
    const source = sources.get(file);
    return source && lineOfField(source.text, path, source.yamlStartLine);
  };
  const fail = (file: string, path: PropertyKey[], field: string | undefined, problem: string): void =>
    issues.add(new ContentError(file, field, problem, at(file, path)));
  const fileOf = (page: Page): string =>
    page.caseStudySlug ? `case-studies/${page.caseStudySlug}.md` : `pages/${page.slug}.md`;

  const sectionIds = new Set(site?.sections.map((section) => section.id));
  const paths = new Map<string, string>();
  for (const page of parts.pages) {
    const file = fileOf(page);
    if (site && !sectionIds.has(page.section))
      fail(file, ['section'], 'section', `"${page.section}" is not a section listed in site.yaml`);
    const other = paths.get(page.path);
    if (other) fail(file, ['path'], 'path', `"${page.path}" is already used by ${other}`);
    else paths.set(page.path, file);
  }
  if (parts.pages.some((page) => !page.caseStudySlug)) {
    if (!paths.has('/')) issues.add(new ContentError('pages/', undefined, 'needs a home page with "path: /"'));
    for (const slug of navigationPageSlugs) {
      if (!parts.pages.some((page) => page.slug === slug))
        issues.add(
          new ContentError(`pages/${slug}.md`, undefined, `is missing: every page's navigation links /${slug}`),
        );
    }
  }
  for (const index of duplicates(parts.services.map((service) => service.slug))) {
    fail('services.yaml', [index, 'slug'], `[${index}].slug`, `"${parts.services[index]!.slug}" is listed twice`);
  }
  for (const index of duplicates(parts.reasons.map((reason) => reason.id))) {
    fail('reasons.yaml', [index, 'id'], `[${index}].id`, `"${parts.reasons[index]!.id}" is listed twice`);
  }
  for (const service of parts.services) {
    const index = parts.services.indexOf(service);
    if (!parts.pages.some((page) => page.slug === service.pageSlug))
      fail(
        'services.yaml',
        [index, 'slug'],
        `[${index}].slug`,
        `"${service.slug}" has no page; create pages/${service.pageSlug}.md`,
      );
  }
  const serviceSlugs = new Set(parts.services.map((service) => service.slug));
  for (const cs of parts.caseStudies) {
    const file = `case-studies/${cs.slug}.md`;
    cs.services.forEach((slug, index) => {
      if (!serviceSlugs.has(slug))
        fail(file, ['services', index], `services[${index}]`, `"${slug}" is not a service in services.yaml`);
    });
    for (const index of duplicates(cs.services)) {
      fail(file, ['services', index], `services[${index}]`, `"${cs.services[index]}" is listed twice`);
    }
  }
  if (site?.offer && !parts.pages.some((page) => page.slug === site.offer!.page)) {
    fail(
      'site.yaml',
      ['offer', 'page'],
      'offer.page',
      `"${site.offer.page}" has no page; create pages/${site.offer.page}.md or remove the offer`,
    );
  }
  for (const page of parts.pages) {
    const file = fileOf(page);
    for (const [, target] of page.body.matchAll(/\]\((\/[^)\s#?]*)/g)) {
      const path = target!.length > 1 ? target!.replace(/\/$/, '') : target!;
      if (paths.has(path) || parts.linkable.has(path) || servedRoutes.test(path)) continue;
      const offset = sources.get(file)?.text.indexOf(`](${target}`) ?? -1;
      const line = offset < 0 ? undefined : sources.get(file)!.text.slice(0, offset).split('\n').length;
      issues.add(new ContentError(file, undefined, `links to ${target}, which is not a page of the site`, line));
    }
  }
  for (const index of duplicates(parts.points.map((point) => point.caseStudy))) {
    fail(
      'proof-points.yaml',
      ['points', index, 'caseStudy'],
      `points[${index}].caseStudy`,
      `"${parts.points[index]!.caseStudy}" is listed twice`,
    );
  }
  return parts.points.flatMap((point, index) => {
    const caseStudy = parts.caseStudies.find((cs) => cs.slug === point.caseStudy);
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

/** The page of one case study, at /case-studies/<slug>. */
export function caseStudyPage(cs: CaseStudy, services: { slug: string; name: string }[]): Page {
  const serviceLinks = cs.services
    .map((slug) => services.find((service) => service.slug === slug))
    .filter((service) => service !== undefined)
    .map((service) => `[${service.name}](/services/${service.slug})`);
  const facts = [
    `**Industry:** ${cs.industry}`,
    cs.companySize ? `**Company size:** ${cs.companySize}` : '',
    `**Services:** ${serviceLinks.join(', ')}`,
    `**Published:** ${cs.publishedAt}`,
  ]
    .filter(Boolean)
    .map((fact) => `- ${fact}`)
    .join('\n');
  return {
    slug: `case-studies/${cs.slug}`,
    path: `/case-studies/${cs.slug}`,
    title: `${cs.client}: ${cs.headlineStat}`,
    description: cs.summary,
    section: 'case-studies',
    body: `# ${cs.client}: ${cs.headlineStat}\n\n${cs.summary}\n\n${facts}\n\n${cs.body}`,
    caseStudySlug: cs.slug,
  };
}
