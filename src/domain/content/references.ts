// Cross-file checks (every reference points at something that exists) and the page generated for
// each case study, so case studies are served like any other page.
import { ContentError } from './content-error.ts';
import type { CaseStudy, Page, ProofPoint, Service, SiteSection } from './types.ts';

interface Checked {
  sections: SiteSection[];
  services: Service[];
  caseStudies: CaseStudy[];
  pages: Page[];
}

/** Throws a ContentError for the first broken reference; returns the resolved proof points. */
export function checkReferences(parts: Checked, points: { caseStudy: string; claim: string }[]): ProofPoint[] {
  const sectionIds = new Set(parts.sections.map((section) => section.id));
  const serviceSlugs = new Set(parts.services.map((service) => service.slug));
  const paths = new Map<string, string>();
  for (const page of parts.pages) {
    const file = page.caseStudySlug ? `case-studies/${page.caseStudySlug}.md` : `pages/${page.slug}.md`;
    if (!sectionIds.has(page.section)) throw new ContentError(file, 'section', `"${page.section}" is not a section listed in site.yaml`);
    const other = paths.get(page.path);
    if (other) throw new ContentError(file, 'path', `"${page.path}" is already used by ${other}`);
    paths.set(page.path, file);
  }
  if (!paths.has('/')) throw new ContentError('pages/', undefined, 'needs a home page with "path: /"');
  for (const service of parts.services) {
    if (!parts.pages.some((page) => page.slug === service.pageSlug)) {
      throw new ContentError('services.yaml', `${service.slug}`, `has no page; create pages/${service.pageSlug}.md`);
    }
  }
  for (const cs of parts.caseStudies) {
    cs.services.forEach((slug, index) => {
      if (!serviceSlugs.has(slug)) throw new ContentError(`case-studies/${cs.slug}.md`, `services[${index}]`, `"${slug}" is not a service in services.yaml`);
    });
  }
  return points.map((point, index) => {
    const caseStudy = parts.caseStudies.find((cs) => cs.slug === point.caseStudy);
    if (!caseStudy) throw new ContentError('proof-points.yaml', `points[${index}].caseStudy`, `"${point.caseStudy}" is not a file in case-studies/`);
    return { caseStudy, claim: point.claim };
  });
}

/** The page of one case study, at /case-studies/<slug>. */
export function caseStudyPage(cs: CaseStudy, services: { slug: string; name: string }[]): Page {
  const serviceLinks = cs.services
    .map((slug) => services.find((service) => service.slug === slug))
    .filter((service) => service !== undefined)
    .map((service) => `[${service.name}](/services/${service.slug})`);
  const facts = [`**Industry:** ${cs.industry}`, cs.companySize ? `**Company size:** ${cs.companySize}` : '', `**Services:** ${serviceLinks.join(', ')}`, `**Published:** ${cs.publishedAt}`]
    .filter(Boolean).map((fact) => `- ${fact}`).join('\n');
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
