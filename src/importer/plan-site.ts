// The data files of the folder (site.yaml, contact.yaml, services.yaml, reasons.yaml,
// proof-points.yaml): what the site told us, and a marked gap for each required thing it could not.
import type { Agency } from './agency.ts';
import type { LogoResult } from './logo.ts';
import type { PlannedPage } from './plan-pages.ts';
import { field, gapMark, todo, yaml, type Gap } from './yaml-out.ts';

export interface SiteFacts {
  agency: Agency;
  brand: string;
  home: PlannedPage | undefined;
  services: { slug: string; name: string; summary: string }[];
  caseStudies: string[];
  /** Section ids the pages use beyond company, services and case-studies (e.g. "blog"). */
  extraSections: string[];
  /** The logo named by the JSON-LD: its SVG, or why it is a gap. */
  logo?: LogoResult | undefined;
}

export function siteFiles(facts: SiteFacts, gaps: Gap[]): Map<string, string> {
  const files = new Map<string, string>();
  const gap = (file: string, name: string, why: string): string => {
    gaps.push({ file, field: name, why });
    return why;
  };
  const { agency, brand, home } = facts;
  const tagline = home?.page.facts.description ?? home?.page.facts.heading ?? agency.description?.value;
  const value = agency.description?.value ?? (home && home.description !== home.title ? home.description : undefined);
  const prefix =
    brand
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .replace(/^[0-9]+/, '') || 'agency';
  const sections = [
    { id: 'company', title: 'Company', description: `Who ${brand} is and how to reach us.` },
    { id: 'services', title: 'Services', description: 'What we do, one page per service.' },
    { id: 'case-studies', title: 'Case studies', description: 'Work for our clients.' },
    ...facts.extraSections.map((id) => ({
      id,
      title: titleOf(id),
      description: `The ${id.replace(/-/g, ' ')} pages.`,
    })),
  ];
  files.set(
    'site.yaml',
    [
      `# Imported by agentsite import. Search for "GAP" for what the site could not tell; docs/content.md explains every field.\n`,
      field('brandName', brand),
      field('toolPrefix', prefix.slice(0, 30)),
      field(
        'tagline',
        tagline ?? todo('one line on what you do and for whom'),
        tagline ? undefined : gap('site.yaml', 'tagline', 'the home page has no description to take it from'),
      ),
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
      field('sections', sections),
      logoField(facts, files, gap),
      `# ${gapMark} ${gap('site.yaml', 'offer', 'your one primary offer, if you have one (calls to action lead to the contact page until then)')}\n`,
      '# offer:\n#   page: your-offer        (pages/your-offer.md)\n#   name: Your Offer\n',
      `# ${gapMark} ${gap('site.yaml', 'fitRule', 'the phrases that put a request outside your fit (no request is out of fit until then)')}\n`,
      '# fitRule:\n#   outside: [phrase, phrase]\n#   usuallyOutside: [phrase]\n#   inside: [phrase]\n',
    ].join(''),
  );
  files.set('contact.yaml', contactFile(agency, gap));
  files.set('services.yaml', servicesFile(facts, gap));
  files.set(
    'reasons.yaml',
    `# ${gapMark} ${gap('reasons.yaml', '[0]', 'why clients choose you: the site gave no reasons the import could recognise')}\n${yaml(
      [
        {
          id: 'first-reason',
          topic: 'results',
          title: todo('a reason clients choose you'),
          body: todo('one or two sentences that prove it'),
        },
      ],
    )}`,
  );
  files.set(
    'proof-points.yaml',
    `# ${gapMark} ${gap('proof-points.yaml', 'points', 'your flagship case studies, each with a one-line claim')}\n${yaml(
      {
        intro: todo('one line introducing your flagship case studies'),
        points: facts.caseStudies
          .slice(0, 3)
          .map((caseStudy) => ({ caseStudy, claim: todo('what changed for this client, in one line') })),
      },
    )}`,
  );
  return files;
}

/** `logo: logo.svg` with the file when the site's logo is an SVG the format takes; a gap when it is not. */
function logoField(
  facts: SiteFacts,
  files: Map<string, string>,
  gap: (file: string, name: string, why: string) => string,
): string {
  if (!facts.logo) return '';
  if ('gap' in facts.logo) return `# ${gapMark} ${gap('site.yaml', 'logo', facts.logo.gap)}\n`;
  files.set('logo.svg', facts.logo.svg);
  return `# The logo from ${facts.agency.logo?.from}.\n${field('logo', 'logo.svg')}`;
}

function contactFile(agency: Agency, gap: (file: string, name: string, why: string) => string): string {
  const lines = [`# Imported by agentsite import. Search for "GAP" for what the site could not tell.\n`];
  if (agency.email) lines.push(`# E-mail from ${agency.email.from}.\n`, field('email', agency.email.value));
  else
    lines.push(
      field(
        'email',
        'hello@example.com',
        gap(
          'contact.yaml',
          'email',
          'no e-mail address found (JSON-LD, mailto: links or the contact page); this placeholder receives nothing',
        ),
      ),
    );
  if (agency.phone) lines.push(`# Telephone from ${agency.phone.from}.\n`, field('phone', agency.phone.value));
  if (agency.address) lines.push(`# Address from ${agency.address.from}.\n`, field('address', agency.address.value));
  lines.push(
    field(
      'responseTime',
      todo('how soon you reply to an enquiry'),
      gap('contact.yaml', 'responseTime', 'your reply promise, shown after every enquiry'),
    ),
  );
  if (agency.social.length > 0) lines.push(field('social', agency.social));
  return lines.join('');
}

function servicesFile(facts: SiteFacts, gap: (file: string, name: string, why: string) => string): string {
  if (facts.services.length === 0) {
    return `# ${gapMark} ${gap('services.yaml', '[0]', 'no services found (no section named services or leistungen, no JSON-LD Service): describe yours')}\n${yaml(
      [
        {
          slug: 'first-service',
          name: todo('your first service'),
          summary: todo('one sentence on what it delivers'),
          keywords: [todo('a problem it solves')],
        },
      ],
    )}`;
  }
  const entries = facts.services.map((service) => ({ ...service, keywords: [service.name.toLowerCase()] }));
  return `# ${gapMark} ${gap('services.yaml', 'keywords', "each service's keywords are only its name: add the problems and phrases that should lead an agent to it")}\n${yaml(entries)}`;
}

function titleOf(id: string): string {
  const words = id.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
