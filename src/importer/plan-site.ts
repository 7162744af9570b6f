// The data files of the folder (site.yaml here, the others in data-files.ts): what the site told
// us, and a marked gap for each required thing it could not.
import type { Agency } from './agency.ts';
import { contactFile, proofPointsFile, reasonsFile, type RecordGap, servicesFile } from './data-files.ts';
import type { LogoResult } from './logo.ts';
import type { PlannedPage } from './plan-pages.ts';
import type { Structure } from './plan-structure.ts';
import { field, gapMark, todo, type Gap } from './yaml-out.ts';

export interface SiteFacts {
  agency: Agency;
  brand: string;
  home: PlannedPage | undefined;
  services: { slug: string; name: string; summary: string }[];
  caseStudies: string[];
  /** The site's sections, navigation and footer (plan-structure.ts). */
  structure: Structure;
  /** The site's language (its home page's), when the pages told it. */
  language?: string | undefined;
  /** The logo named by the JSON-LD: its SVG, or why it is a gap. */
  logo?: LogoResult | undefined;
}

export function siteFiles(facts: SiteFacts, gaps: Gap[]): Map<string, string> {
  const files = new Map<string, string>();
  const gap: RecordGap = (file, name, why) => {
    gaps.push({ file, field: name, why });
    return why;
  };
  // siteYaml adds logo.svg first when the site's logo is an SVG.
  files.set('site.yaml', siteYaml(facts, files, gap));
  files.set('contact.yaml', contactFile(facts.agency, gap));
  files.set('services.yaml', servicesFile(facts.services, gap));
  files.set('reasons.yaml', reasonsFile(gap));
  files.set('proof-points.yaml', proofPointsFile(facts.caseStudies, gap));
  return files;
}

function siteYaml(facts: SiteFacts, files: Map<string, string>, gap: RecordGap): string {
  const { agency, brand, home } = facts;
  // Never a gap: the home page's title, at worst the brand, says what the site is.
  const tagline =
    home?.page.facts.description ?? home?.page.facts.heading ?? agency.description?.value ?? home?.title ?? brand;
  const value = agency.description?.value ?? (home && home.description !== home.title ? home.description : undefined);
  const prefix =
    brand
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .replace(/^[0-9]+/, '') || 'agency';
  return [
    `# Imported by agentsite import. Search for "GAP" for what the site could not tell; docs/content.md explains every field.\n`,
    field('brandName', brand),
    field('toolPrefix', prefix.slice(0, 30)),
    field('tagline', tagline),
    field('sample', false),
    field(
      'fit',
      todo('who you serve and who you do not, in one paragraph'),
      gap('site.yaml', 'fit', 'who you serve and who you do not: agents read it in every tool description'),
    ),
    field(
      'valueProposition',
      value ?? todo('the result you deliver, in one sentence; how you work, in a second'),
      value
        ? undefined
        : gap('site.yaml', 'valueProposition', 'the home page says no value proposition the import could find'),
    ),
    ...(facts.language
      ? [`# The language of ${home?.page.source ?? 'the home page'}.\n`, field('language', facts.language)]
      : []),
    field('sections', facts.structure.sections),
    ...(facts.structure.navigation
      ? [
          "# The site's own menu: each link leads to the page it became.\n",
          field('navigation', facts.structure.navigation),
        ]
      : []),
    ...(facts.structure.footer ? [field('footer', facts.structure.footer)] : []),
    ...(facts.structure.languages
      ? [
          '# The languages its pages are in, its own first; each translated page names the page it translates.\n',
          field('languages', facts.structure.languages),
          field('translations', facts.structure.translations),
        ]
      : []),
    logoField(facts, files, gap),
    `# ${gapMark} ${gap('site.yaml', 'offer', 'your one primary offer, if you have one (calls to action lead to the contact page until then)')}\n`,
    '# offer:\n#   page: your-offer        (pages/your-offer.md)\n#   name: Your Offer\n',
    `# ${gapMark} ${gap('site.yaml', 'fitRule', 'the phrases that put a request outside your fit (no request is out of fit until then)')}\n`,
    '# fitRule:\n#   outside: [phrase, phrase]\n#   usuallyOutside: [phrase]\n#   inside: [phrase]\n',
  ].join('');
}

/** `logo: logo.svg` with the file when the site's logo is an SVG the format takes; a gap when it is not. */
function logoField(facts: SiteFacts, files: Map<string, string>, gap: RecordGap): string {
  if (!facts.logo) return '';
  if ('gap' in facts.logo) return `# ${gapMark} ${gap('site.yaml', 'logo', facts.logo.gap)}\n`;
  files.set('logo.svg', facts.logo.svg);
  return `# The logo from ${facts.agency.logo?.from}.\n${field('logo', 'logo.svg')}`;
}
