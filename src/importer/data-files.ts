// The data files beside site.yaml (contact.yaml, services.yaml, reasons.yaml, proof-points.yaml):
// what the site told us, and a marked gap for each required thing it could not.
import type { Agency } from './agency.ts';
import { field, gapMark, todo, yaml } from './yaml-out.ts';

/** Records a gap of `file` at field `name` and gives back `why`, for the comment that marks it. */
export type RecordGap = (file: string, name: string, why: string) => string;

export function contactFile(agency: Agency, gap: RecordGap): string {
  const lines = [`# Imported by agentsite import. Search for "GAP" for what the site could not tell.\n`];
  if (agency.email) lines.push(`# E-mail from ${agency.email.from}.\n`, field('email', agency.email.value));
  else
    lines.push(
      field(
        'email',
        todo('the e-mail address people may write to'),
        gap('contact.yaml', 'email', 'no e-mail address found (JSON-LD, mailto: links or the contact page)'),
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

export function servicesFile(services: { slug: string; name: string; summary: string }[], gap: RecordGap): string {
  if (services.length === 0) {
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
  const entries = services.map((service) => ({ ...service, keywords: [service.name.toLowerCase()] }));
  return `# ${gapMark} ${gap('services.yaml', 'keywords', "each service's keywords are only its name: add the problems and phrases that should lead an agent to it")}\n${yaml(entries)}`;
}

/** A placeholder reason: the import recognises none on a site. */
export function reasonsFile(gap: RecordGap): string {
  return `# ${gapMark} ${gap('reasons.yaml', '[0]', 'why clients choose you: the site gave no reasons the import could recognise')}\n${yaml(
    [
      {
        id: 'first-reason',
        topic: 'results',
        title: todo('a reason clients choose you'),
        body: todo('one or two sentences that prove it'),
      },
    ],
  )}`;
}

/** The first three case studies as proof points, each claim left to the author. */
export function proofPointsFile(caseStudies: string[], gap: RecordGap): string {
  return `# ${gapMark} ${gap('proof-points.yaml', 'points', 'your flagship case studies, each with a one-line claim')}\n${yaml(
    {
      intro: todo('one line introducing your flagship case studies'),
      points: caseStudies
        .slice(0, 3)
        .map((caseStudy) => ({ caseStudy, claim: todo('what changed for this client, in one line') })),
    },
  )}`;
}
