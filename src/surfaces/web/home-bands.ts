// The home page's opening bands: the hero with the promise and two calls to action, the flagship
// results as large figures, services with their outcomes, and recent case studies.
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { Page } from '../../domain/content/types.ts';
import { band, button, caseStudyCards, markdownTitle, nextStep, nextStepPitch } from './components.ts';
import { concatHtml, html, type Html } from '../../kernel/html-template.ts';
import { typeset } from './typography.ts';

export const firstSentence = (text: string): string => /^.*?\.(?=\s|$)/.exec(text)?.[0] ?? text;

export function heroBand(content: ContentCatalog, page: Page): Html {
  const { hero: words } = content.site;
  const { ui } = content;
  const eyebrow = words.eyebrow ? html`<p class="eyebrow">${words.eyebrow}</p>` : '';
  const note = words.note.replace('{caseStudies}', String(content.caseStudies.length));
  const actions = [nextStep(content), { href: content.site.paths.caseStudies, label: ui.text('home.seeResults') }];
  return concatHtml(
    html`<div class="hero"><div class="wrap">${eyebrow}<h1>${markdownTitle(page.body, content.site.tagline)}</h1>`,
    html`${content.valueProposition ? html`<p class="lead">${firstSentence(content.valueProposition)}</p>` : ''}`,
    html`<p class="actions">${button(actions[0]!)}${button(actions[1]!, 'secondary')}</p>`,
    html`<p class="hero-note">${note}</p></div></div>`,
  );
}

export function proofBand(content: ContentCatalog): Html | '' {
  const { ui } = content;
  if (content.proofPoints.length === 0) return '';
  const proofItems = content.proofPoints.map(({ caseStudy: cs, claim }) => {
    const stat = cs.stats[0];
    const link = html`<a href="${cs.path}">${cs.client}<span class="visually-hidden"> ${ui.text('home.caseStudy')}</span></a>`;
    const figure = stat?.value ?? cs.headlineStat;
    return html`<li>${figure ? html`<p class="figure">${typeset(figure)}</p>` : ''}<p>${claim}</p>${link}</li>`;
  });
  return band(
    'proof',
    html`${content.proofPointsIntro ? html`<h2 id="proof" class="kicker">${content.proofPointsIntro}</h2>` : ''}<ul class="proof-list">${proofItems}</ul>`,
    'proof',
  );
}

export function servicesBand(content: ContentCatalog): Html {
  const { ui } = content;
  const { offer } = content.site;
  const startHere = offer
    ? html`<li class="card card-accent"><h3><a href="${offer.path}">${ui.text('home.startHere')}</a></h3><p>${nextStepPitch(content)}</p></li>`
    : '';
  const serviceItems = content.services.map(
    (service) =>
      html`<li class="card"><h3><a href="${service.path}">${service.name}</a></h3><p>${service.summary}</p></li>`,
  );
  const proposition = content.valueProposition ?? '';
  const restOfProposition = proposition.replace(firstSentence(proposition), '').trim();
  return band(
    'services',
    concatHtml(
      html`<div class="section-head"><h2 id="what-we-do">${ui.text('home.whatWeDo')}</h2><p>${restOfProposition}</p></div>`,
      html`<ul class="grid service-list">${serviceItems}${startHere}</ul>`,
    ),
    'what-we-do',
  );
}

export function recentResultsBand(content: ContentCatalog): Html {
  const { ui } = content;
  const recent = content.caseStudies.filter((cs) => !cs.flagship).slice(0, 4);
  const allResults = {
    href: content.site.paths.caseStudies,
    label: ui.text('home.allCaseStudies', { count: content.caseStudies.length }),
  };
  return band(
    'alt',
    concatHtml(
      html`<div class="section-head"><h2 id="recent-results">${ui.text('home.recentResults')}</h2><p>${content.site.hero.resultsNote}</p></div>`,
      html`${caseStudyCards(content, recent, ui.text('home.recentLabel'))}<p>${button(allResults, 'secondary')}</p>`,
    ),
    'recent-results',
  );
}
