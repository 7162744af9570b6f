// The whole folder as planned files: the pages, services and case studies found, the pages the
// format requires that the site did not have (as marked gaps), and the data files (plan-site.ts).
import { jsonLdNodes, type Agency, types } from './agency.ts';
import type { CrawledPage } from './page-reader.ts';
import { normalisePath } from './layout.ts';
import { isLegalName } from './not-content.ts';
import { type OverviewService, overviewServices, servicesSection } from './overview-services.ts';
import type { LogoResult } from './logo.ts';
import { caseStudyBase, localPaths, planPages, type PlannedPage } from './plan-pages.ts';
import { primaryLanguage } from './language.ts';
import { planStructure } from './plan-structure.ts';
import { siteFiles } from './plan-site.ts';
import { field, gapMark, markdownFile, todo, type Gap } from './yaml-out.ts';

export interface ContentPlan {
  files: Map<string, string>;
  gaps: Gap[];
  /** Each imported page: where it came from and the file it became. */
  pages: { source: string; file: string; kind: string; coverage: number; language?: string; translationOf?: string }[];
  /** The origin's address of each page whose address in the content differs ("/about" → "/about.html"). */
  addresses: Record<string, string>;
  /** Services no page of their own describes, with where they were found ("the JSON-LD of /"). */
  extraServices: { name: string; from: string }[];
}

const requiredPages: [string, string, string][] = [
  ['home', 'Home', 'the home page'],
  ['about', 'About us', 'who you are'],
  ['services', 'Services', 'what you do'],
  ['case-studies', 'Case studies', 'your work for clients'],
  ['contact', 'Contact', 'how to reach you'],
];

export function planContent(
  crawled: CrawledPage[],
  homeUrl: URL,
  agency: Agency,
  today: string,
  logo?: LogoResult,
): ContentPlan {
  const brand = agency.name?.value ?? 'Your agency';
  const homePage = crawled.find((page) => page.url.href === homeUrl.href);
  const language = homePage?.language && primaryLanguage(homePage.language);
  const planned = planPages(crawled, homeUrl, brand, language);
  const gaps: Gap[] = [];
  const files = new Map<string, string>();
  const services = planned
    .filter((page) => page.kind === 'service')
    .map((page) => ({ slug: page.slug, name: page.title, summary: page.description }));
  const extras = jsonLdServices(crawled, services);
  if (services.length === 0 && extras.length === 0) extras.push(...cardServices(planned));
  const addresses: Record<string, string> = {};
  for (const extra of extras) {
    services.push(extra.service);
    addresses[`/services/${extra.service.slug}`] = extra.originPath;
    files.set(
      `pages/services/${extra.service.slug}.md`,
      markdownFile(
        field('title', extra.service.name) + field('description', extra.service.summary) + field('section', 'services'),
        `# ${extra.service.name}\n\n${extra.service.summary}\n\n(From ${extra.from}.)`,
      ),
    );
  }
  if (services.length === 0)
    files.set(
      'pages/services/first-service.md',
      gapPage('services/first-service', 'Your first service', 'services', gaps),
    );
  for (const page of planned) {
    files.set(
      page.file,
      page.kind === 'case-study'
        ? caseStudyFile(page, today, gaps)
        : page.file.startsWith('case-studies/')
          ? caseStudyTranslation(page, gaps)
          : pageFile(page),
    );
  }
  const caseStudies = planned.filter((page) => page.kind === 'case-study').map((page) => page.slug);
  if (caseStudies.length === 0) {
    caseStudies.push('example-client');
    files.set('case-studies/example-client.md', exampleCaseStudy(today, gaps));
  }
  // A site without a listing page has its case studies beneath the folder they share (/projekte).
  const listingPath = caseStudyBase(planned);
  for (const [slug, title, what] of requiredPages) {
    const path = slug === 'case-studies' && listingPath !== '/case-studies' ? listingPath : undefined;
    if (!files.has(`pages/${slug}.md`)) files.set(`pages/${slug}.md`, gapPage(slug, title, what, gaps, path));
  }
  const extraSections = [...new Set(planned.map((page) => page.section))].filter(
    (id) => !['company', 'services', 'case-studies'].includes(id),
  );
  const home = planned.find((page) => page.kind === 'home');
  const localPath = localPaths(planned.map((page) => ({ page: page.page, path: page.path })));
  const structure = planStructure(planned, localPath, { brand, language: language ?? 'en', extraSections });
  for (const [file, text] of siteFiles({ agency, brand, home, services, caseStudies, structure, language, logo }, gaps))
    files.set(file, text);
  return {
    files,
    gaps,
    pages: planned.map((page) => ({
      source: page.page.source,
      file: page.file,
      kind: page.kind,
      coverage: page.coverage,
      ...(page.language && { language: page.language }),
      ...(page.translationOf && { translationOf: page.translationOf }),
    })),
    // The pages' own addresses first: front mode takes the first content address an origin one has.
    addresses: {
      ...Object.fromEntries(
        planned
          .filter((page) => page.page.url.pathname !== page.path)
          .map((page) => [page.path, page.page.url.pathname]),
      ),
      ...addresses,
    },
    extraServices: extras.map((extra) => ({ name: extra.service.name, from: extra.from })),
  };
}

function pageFile(page: PlannedPage): string {
  const front =
    field('title', page.title) +
    field('description', page.description) +
    field('section', page.section) +
    (page.kind === 'home' ? field('path', '/') : page.keptPath ? field('path', page.keptPath) : '') +
    (page.language ? field('language', page.language) : '') +
    (page.translationOf ? field('translationOf', page.translationOf) : '');
  return markdownFile(`# Imported from ${page.page.url.href}\n${front}`, page.body);
}

function caseStudyFile(page: PlannedPage, today: string, gaps: Gap[]): string {
  const file = page.file;
  const gap = (name: string, why: string): string => {
    gaps.push({ file, field: name, why });
    return why;
  };
  const published = publishedDate(page.page);
  const front = [
    `# Imported from ${page.page.url.href}\n`,
    field('client', page.title, gap('client', 'taken from the page title: check it names the client')),
    field(
      'headlineStat',
      todo('the headline result, e.g. 3.1x qualified pipeline'),
      gap('headlineStat', 'the headline result'),
    ),
    field('industry', todo("the client's industry"), gap('industry', "the client's industry")),
    field('services', [todo('the services this work used, by slug')], gap('services', 'the services this work used')),
    field(
      'publishedAt',
      published ?? today,
      published ? undefined : gap('publishedAt', 'the page gives no date: the day of the first import stands in'),
    ),
    field('summary', page.description),
    field(
      'stats',
      [{ label: todo('a result'), value: todo('its figure') }],
      gap('stats', 'the results, each a label and a figure'),
    ),
  ].join('');
  // The server titles a case study's page "# <client>: <headline>" itself: the page's own h1 would repeat it.
  return markdownFile(front, page.body.replace(/^# .*\n+/, ''));
}

/** A case study's translation: its own wording, the case study's services and date left to it. */
function caseStudyTranslation(page: PlannedPage, gaps: Gap[]): string {
  const gap = (name: string, why: string): string => {
    gaps.push({ file: page.file, field: name, why });
    return why;
  };
  const front = [
    `# Imported from ${page.page.url.href}\n`,
    field('translationOf', page.translationOf!.slice('case-studies/'.length)),
    field('client', page.title, gap('client', 'taken from the page title: check it names the client')),
    field('headlineStat', todo('the headline result in this language'), gap('headlineStat', 'the headline result')),
    field('industry', todo("the client's industry in this language"), gap('industry', "the client's industry")),
    field('summary', page.description),
    field(
      'stats',
      [{ label: todo('a result'), value: todo('its figure') }],
      gap('stats', 'the results, each a label and a figure, in this language'),
    ),
  ].join('');
  return markdownFile(front, page.body.replace(/^# .*\n+/, ''));
}

function exampleCaseStudy(today: string, gaps: Gap[]): string {
  gaps.push({
    file: 'case-studies/example-client.md',
    field: '(file)',
    why: 'no case studies found (no section named work, projects, portfolio, case-studies, referenzen, clients or kunden): replace this one with yours',
  });
  const front = `# ${gapMark} no case studies were found on the site: replace this file with one of yours.\n${field('client', todo('client name'))}${field('headlineStat', todo('the headline result'))}${field('industry', todo('industry'))}${field('services', [todo('the services this work used, by slug')])}${field('publishedAt', today)}${field('summary', todo('one or two sentences for lists and search results'))}${field('stats', [{ label: todo('a result'), value: todo('its figure') }])}`;
  // A body that opens with a gap makes the whole file one: nothing of it is published until written.
  return markdownFile(
    front,
    'TODO: your first case study: the challenge, what you did and the result.\n\n## The challenge\n\n## What we did\n\n## The result',
  );
}

function gapPage(slug: string, title: string, what: string, gaps: Gap[], path?: string): string {
  const file = `pages/${slug}.md`;
  gaps.push({ file, field: '(file)', why: `the site has no page for ${what}; the format needs one` });
  const front = `# ${gapMark} the site had no such page: write it.\n${field('title', title)}${field('description', todo(`one sentence on ${what}`))}${field('section', slug === 'case-studies' ? 'case-studies' : slug.startsWith('services') ? 'services' : 'company')}${slug === 'home' ? field('path', '/') : path ? field('path', path) : ''}`;
  return markdownFile(front, `${todo(`${what}: write this page`)}\n\n# ${title}`);
}

/** A case study's date: its JSON-LD or article:published_time, else the Last-Modified header. */
function publishedDate(page: CrawledPage): string | undefined {
  const fromLd = jsonLdNodes(page.facts.jsonLd)
    .map((node) => node.datePublished)
    .find((value) => typeof value === 'string');
  for (const value of [fromLd, page.facts.published, page.lastModified]) {
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) continue;
    return new Date(value).toISOString().slice(0, 10);
  }
  return undefined;
}

/** A service no page of its own describes: its entry, where it was found, and that page's address. */
interface ExtraService {
  service: OverviewService;
  from: string;
  originPath: string;
}

/** JSON-LD Service nodes naming a service no page of a services section already is. */
/**
 * A site that names its services only as cards: its services overview's cards, else those of its home
 * page's section on services ("Our Services").
 */
function cardServices(planned: PlannedPage[]): ExtraService[] {
  const overview = planned.find((page) => page.kind === 'page' && page.slug === 'services');
  const home = planned.find((page) => page.kind === 'home');
  const places = [
    overview && { page: overview, markdown: overview.body, from: 'the services overview' },
    home && { page: home, markdown: servicesSection(home.body), from: 'the services on the home page' },
  ];
  for (const place of places) {
    if (!place) continue;
    const cards = overviewServices(place.markdown).filter((card) => !isLegalName(card.name));
    if (cards.length > 0)
      return cards.map((service) => ({
        service,
        from: `${place.from} ${place.page.page.source}`,
        originPath: place.page.page.url.pathname,
      }));
  }
  return [];
}

function jsonLdServices(pages: CrawledPage[], known: { slug: string }[]): ExtraService[] {
  const found = new Map<string, ExtraService>();
  for (const page of pages) {
    for (const node of jsonLdNodes(page.facts.jsonLd)) {
      if (!types(node).includes('Service') || typeof node.name !== 'string' || !node.name.trim()) continue;
      if (isLegalName(node.name)) continue;
      const slug = normalisePath(`/${node.name}`).slice(1);
      if (!slug || known.some((service) => service.slug === slug) || found.has(slug)) continue;
      const summary =
        typeof node.description === 'string' && node.description.trim() ? node.description.trim() : node.name.trim();
      found.set(slug, {
        service: { slug, name: node.name.trim(), summary },
        from: `the JSON-LD of ${page.source}`,
        originPath: page.url.pathname,
      });
    }
  }
  return [...found.values()];
}
