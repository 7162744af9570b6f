// The home page for buyers: hero with the promise and two calls to action, the flagship results as
// large figures, services with their outcomes, recent case studies, who we are not for, next step.
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { Page } from '../../domain/content/types.ts';
import {
  band,
  button,
  caseStudyCards,
  closingTitle,
  contactAction,
  ctaBand,
  markdownSections,
  markdownTitle,
  nextStep,
  nextStepPitch,
} from './components.ts';
import { concatHtml, html, type Html } from '../../kernel/html-template.ts';
import { markdownToHtml } from './html.ts';
import { typeset, typesetHtml } from './typography.ts';

const firstSentence = (text: string): string => /^.*?\.(?=\s|$)/.exec(text)?.[0] ?? text;

/**
 * The home.md sections the designed bands stand for (docs/content.md): those its front matter names
 * (`homeSections`), else the headings of the site's language. Any other section is shown as written.
 */
function bandSections(content: ContentCatalog, page: Page): { services: string; results: string; notFor: string } {
  const { ui } = content;
  return {
    services: page.homeSections?.services ?? ui.text('home.section.services'),
    results: page.homeSections?.results ?? ui.text('home.section.results'),
    notFor: page.homeSections?.notFor ?? ui.text('home.section.notFor'),
  };
}

export function homeMain(content: ContentCatalog, page: Page): Html {
  const { intro, sections } = markdownSections(page.body);
  const { hero: words, offer } = content.site;
  const { ui } = content;
  const bands = bandSections(content, page);
  const eyebrow = words.eyebrow ? html`<p class="eyebrow">${words.eyebrow}</p>` : '';
  const note = words.note.replace('{caseStudies}', String(content.caseStudies.length));
  const actions = [nextStep(content), { href: '/case-studies', label: ui.text('home.seeResults') }];
  const hero = concatHtml(
    html`<div class="hero"><div class="wrap">${eyebrow}<h1>${markdownTitle(page.body, content.site.tagline)}</h1>`,
    html`<p class="lead">${firstSentence(content.valueProposition)}</p>`,
    html`<p class="actions">${button(actions[0]!)}${button(actions[1]!, 'secondary')}</p>`,
    html`<p class="hero-note">${note}</p></div></div>`,
  );

  // The agency's own opening words, unless the content keeps them for the markdown twin (hero.intro: false).
  const opening =
    words.intro && intro ? band('', html`<div class="prose">${typesetHtml(markdownToHtml(intro))}</div>`) : '';

  const proofItems = content.proofPoints.map(({ caseStudy: cs, claim }) => {
    const stat = cs.stats[0];
    const link = html`<a href="/case-studies/${cs.slug}">${cs.client}<span class="visually-hidden"> ${ui.text('home.caseStudy')}</span></a>`;
    return html`<li><p class="figure">${typeset(stat?.value ?? cs.headlineStat)}</p><p>${claim}</p>${link}</li>`;
  });
  const proof =
    content.proofPoints.length === 0
      ? ''
      : band(
          'proof',
          html`<h2 id="proof" class="kicker">${content.proofPointsIntro}</h2><ul class="proof-list">${proofItems}</ul>`,
          'proof',
        );

  const startHere = offer
    ? html`<li class="card card-accent"><h3><a href="${offer.path}">${ui.text('home.startHere')}</a></h3><p>${nextStepPitch(content)}</p></li>`
    : '';
  const serviceItems = content.services.map(
    (service) =>
      html`<li class="card"><h3><a href="/services/${service.slug}">${service.name}</a></h3><p>${service.summary}</p></li>`,
  );
  const restOfProposition = content.valueProposition.replace(firstSentence(content.valueProposition), '').trim();
  const services = band(
    'services',
    concatHtml(
      html`<div class="section-head"><h2 id="what-we-do">${ui.text('home.whatWeDo')}</h2><p>${restOfProposition}</p></div>`,
      html`<ul class="grid service-list">${serviceItems}${startHere}</ul>`,
    ),
    'what-we-do',
  );

  const recent = content.caseStudies.filter((cs) => !cs.flagship).slice(0, 4);
  const allResults = {
    href: '/case-studies',
    label: ui.text('home.allCaseStudies', { count: content.caseStudies.length }),
  };
  const teaser = band(
    'alt',
    concatHtml(
      html`<div class="section-head"><h2 id="recent-results">${ui.text('home.recentResults')}</h2><p>${words.resultsNote}</p></div>`,
      html`${caseStudyCards(content, recent, ui.text('home.recentLabel'))}<p>${button(allResults, 'secondary')}</p>`,
    ),
    'recent-results',
  );

  const closingSection = closingTitle(content);
  const designed = new Set([bands.services, bands.results, bands.notFor, closingSection]);
  const own = [...sections].filter(([title]) => !designed.has(title));
  const more =
    own.length === 0
      ? ''
      : band(
          '',
          html`<div class="prose">${own.map(([title, text]) => html`<h2>${title}</h2>${markdownToHtml(text)}`)}</div>`,
        );

  const notFor = sections.get(bands.notFor) ?? content.site.fit;
  const fit = band(
    'fit',
    concatHtml(
      html`<div class="split"><div class="panel fit-yes"><h2 id="who-for">${ui.text('home.whoFor')}</h2>`,
      html`<p>${firstSentence(content.site.fit)}</p></div>`,
      html`<div class="panel fit-no"><h2 id="fit">${ui.text('home.notFor')}</h2>${markdownToHtml(notFor)}</div></div>`,
    ),
    'fit',
  );

  const closingText = sections.get(closingSection)?.replace(/\[([^\]]+)\]\([^)]+\)/g, '$1');
  const closing = ctaBand(
    content,
    closingSection,
    closingText ? firstSentence(closingText) : nextStepPitch(content),
    contactAction(content),
  );
  return html`${hero}${opening}${proof}${services}${teaser}${more}${fit}${closing}`;
}
