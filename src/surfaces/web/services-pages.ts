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
  sectionTitle,
} from './components.ts';
import { concatHtml, html, type Html } from '../../kernel/html-template.ts';
import { markdownToHtml } from './html.ts';
import { typesetHtml } from './typography.ts';
import { transliterated } from '../../domain/language/identifier.ts';

function studiesFor(content: ContentCatalog, service: Service): ContentCatalog['caseStudies'] {
  return content.caseStudies.filter((cs) => cs.services.includes(service.slug));
}

/** The first sentence of the service page's "Typical results", without its links. */
function outcome(content: ContentCatalog, service: Service): string {
  const { sections } = markdownSections(content.pageBySlug(service.pageSlug)?.body ?? '');
  const text = sections.get(content.ui.text('services.outcomesSection')) ?? '';
  return text
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/\s+/g, ' ')
    .split(/;|\. /)[0]!
    .replace(/\.$/, '');
}

export function servicesIndexMain(content: ContentCatalog, page: Page): Html {
  const { ui } = content;
  const { intro } = markdownSections(page.body);
  const lead = intro.split(/\n\s*\n/)[0]!.replace(/\s+/g, ' ');
  const items = content.services.map((service) => {
    const count = studiesFor(content, service).length;
    const description = content.pageBySlug(service.pageSlug)?.description ?? service.summary;
    const deliverables = service.deliverables.map((d) => html`<li>${d}</li>`);
    return concatHtml(
      html`<li class="card service-card"><h2><a href="${service.path}">${service.name}</a></h2>`,
      html`<p>${description}</p>`,
      html`<p class="outcome"><strong>${ui.text('services.typicalResult')}</strong> ${outcome(content, service)}</p>`,
      html`<ul class="chips" aria-label="${ui.text('services.deliverables')}">${deliverables}</ul>`,
      html`<p class="proof-count"><a href="${content.site.paths.caseStudies}?service=${service.slug}">`,
      html`${ui.text('services.provenIn', { count })}</a></p></li>`,
    );
  });
  // The page's last paragraph ("Not sure where to start? The … tells you.") becomes its closing call.
  const last = intro
    .split(/\n\s*\n/)
    .at(-1)!
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/\s+/g, ' ');
  const [question, answer] = last.includes('?')
    ? [`${last.split('?')[0]}?`, last.slice(last.indexOf('?') + 1).trim()]
    : [ui.text('services.nextStep'), last];
  const services = sectionTitle(content, 'services');
  const head = pageHead({ eyebrow: services, title: markdownTitle(page.body, page.title), lead });
  const grid = band('', html`<ul class="grid service-grid" aria-label="${services}">${items}</ul>`);
  const closing = ctaBand(content, question, answer, {
    href: content.site.paths.caseStudies,
    label: ui.text('home.seeResults'),
  });
  return html`${head}${grid}${closing}`;
}

export function servicePageMain(content: ContentCatalog, page: Page, service: Service): Html {
  const { ui } = content;
  const { intro, sections } = markdownSections(page.body);
  const body = html`${[...sections].map(
    ([title, text]) =>
      html`<h2 id="${transliterated(title)
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')}">${title}</h2>${markdownToHtml(text)}`,
  )}`;
  const studies = studiesFor(content, service);
  const deliverables = concatHtml(
    html`<aside class="panel" aria-labelledby="deliverables"><h2 id="deliverables">${ui.text('services.whatYouGet')}</h2>`,
    html`<ul class="ticks">${service.deliverables.map((d) => html`<li>${d}</li>`)}</ul></aside>`,
  );
  const studiesWith = ui.text('services.studiesWith', { count: studies.length, service: service.name });
  const all = ui.text('services.allStudies', { count: studies.length, service: service.name });
  const allStudies =
    studies.length > 4
      ? html`<p><a class="btn btn-secondary" href="${content.site.paths.caseStudies}?service=${service.slug}">${all}</a></p>`
      : '';
  const proof = studies.length
    ? band(
        'alt',
        concatHtml(
          html`<div class="section-head"><h2 id="proof">${studiesWith}</h2></div>`,
          html`${caseStudyCards(content, studies.slice(0, 4), ui.text('services.cardsLabel', { service: service.name }))}${allStudies}`,
        ),
        'proof',
      )
    : '';
  const head = pageHead({
    eyebrow: html`<a href="${content.site.paths.services}">${sectionTitle(content, 'services')}</a>`,
    title: markdownTitle(page.body, service.name),
    lead: service.summary,
  });
  const text = html`<div class="prose">${typesetHtml(markdownToHtml(intro))}${typesetHtml(body)}</div>`;
  const main = band('', html`<div class="split wide-main">${text}${deliverables}</div>`);
  const closing = ctaBand(
    content,
    ui.text('services.closing', { service: service.name }),
    nextStepPitch(content),
    contactAction(content),
  );
  return html`${head}${main}${proof}${closing}`;
}
