// The services index (each service with its description, outcomes and the case studies that prove
// it) and one service page (its content, deliverables and its case studies).
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { Page, Service } from '../../domain/content/types.ts';
import {
  band,
  caseStudyCards,
  contactAction,
  ctaBand,
  markdownSections,
  markdownTitle,
  nextStepPitch,
  pageHead,
} from './components.ts';
import { escapeHtml } from '../../html/escape.ts';
import { markdownToHtml } from './html.ts';
import { typesetHtml } from './typography.ts';

const outcomesTitle = 'Typical results';

function studiesFor(content: ContentCatalog, service: Service): ContentCatalog['caseStudies'] {
  return content.caseStudies.filter((cs) => cs.services.includes(service.slug));
}

/** The first sentence of the service page's "Typical results", without its links. */
function outcome(content: ContentCatalog, service: Service): string {
  const text = markdownSections(content.pageBySlug(service.pageSlug)?.body ?? '').sections.get(outcomesTitle) ?? '';
  return text
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/\s+/g, ' ')
    .split(/;|\. /)[0]!
    .replace(/\.$/, '');
}

export function servicesIndexMain(content: ContentCatalog, page: Page): string {
  const { intro } = markdownSections(page.body);
  const lead = intro.split(/\n\s*\n/)[0]!.replace(/\s+/g, ' ');
  const items = content.services
    .map((service) => {
      const count = studiesFor(content, service).length;
      const description = content.pageBySlug(service.pageSlug)?.description ?? service.summary;
      return `<li class="card service-card"><h2><a href="/services/${service.slug}">${escapeHtml(service.name)}</a></h2><p>${escapeHtml(description)}</p><p class="outcome"><strong>Typical result:</strong> ${escapeHtml(outcome(content, service))}</p><ul class="chips" aria-label="Deliverables">${service.deliverables.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul><p class="proof-count"><a href="/case-studies?service=${service.slug}">Proven in ${count} case ${count === 1 ? 'study' : 'studies'}</a></p></li>`;
    })
    .join('');
  // The page's last paragraph ("Not sure where to start? The … tells you.") becomes its closing call.
  const last = intro
    .split(/\n\s*\n/)
    .at(-1)!
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/\s+/g, ' ');
  const [question, answer] = last.includes('?')
    ? [`${last.split('?')[0]}?`, last.slice(last.indexOf('?') + 1).trim()]
    : ['Next step', last];
  return `${pageHead({ eyebrow: 'Services', title: markdownTitle(page.body, page.title), lead })}${band('', `<ul class="grid service-grid" aria-label="Services">${items}</ul>`)}${ctaBand(content.site, question, answer, { href: '/case-studies', label: 'See the results' })}`;
}

export function servicePageMain(content: ContentCatalog, page: Page, service: Service): string {
  const { intro, sections } = markdownSections(page.body);
  const body = [...sections]
    .map(
      ([title, text]) =>
        `<h2 id="${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}">${escapeHtml(title)}</h2>${markdownToHtml(text)}`,
    )
    .join('');
  const studies = studiesFor(content, service);
  const deliverables = `<aside class="panel" aria-labelledby="deliverables"><h2 id="deliverables">What you get</h2><ul class="ticks">${service.deliverables.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul></aside>`;
  const proof = studies.length
    ? band(
        'alt',
        `<div class="section-head"><h2 id="proof">${studies.length} case ${studies.length === 1 ? 'study' : 'studies'} with ${escapeHtml(service.name)}</h2></div>${caseStudyCards(content, studies.slice(0, 4), `Case studies with ${service.name}`)}${studies.length > 4 ? `<p><a class="btn btn-secondary" href="/case-studies?service=${service.slug}">All ${studies.length} ${escapeHtml(service.name)} case studies</a></p>` : ''}`,
        'proof',
      )
    : '';
  return `${pageHead({ eyebrow: '<a href="/services">Services</a>', title: markdownTitle(page.body, service.name), lead: service.summary })}${band('', `<div class="split wide-main"><div class="prose">${typesetHtml(markdownToHtml(intro))}${typesetHtml(body)}</div>${deliverables}</div>`)}${proof}${ctaBand(content.site, `Is ${service.name} your next step?`, nextStepPitch(content), contactAction)}`;
}
