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
import { escapeHtml } from '../../html/escape.ts';
import { markdownToHtml } from './html.ts';
import { typeset, typesetHtml } from './typography.ts';

const firstSentence = (text: string): string => /^.*?\.(?=\s|$)/.exec(text)?.[0] ?? text;

/** home.md sections the designed bands stand for (docs/content.md); any other section is shown as written. */
const bandSections = ['What we do', 'Results', 'Who we are not for'];

export function homeMain(content: ContentCatalog, page: Page): string {
  const { intro, sections } = markdownSections(page.body);
  const { hero: words, offer } = content.site;
  const eyebrow = words.eyebrow ? `<p class="eyebrow">${escapeHtml(words.eyebrow)}</p>` : '';
  const note = words.note.replace('{caseStudies}', String(content.caseStudies.length));
  const hero = `<div class="hero"><div class="wrap">${eyebrow}<h1>${escapeHtml(markdownTitle(page.body, content.site.tagline))}</h1><p class="lead">${escapeHtml(firstSentence(content.valueProposition))}</p><p class="actions">${button(nextStep(content.site))}${button({ href: '/case-studies', label: 'See the results' }, 'secondary')}</p><p class="hero-note">${escapeHtml(note)}</p></div></div>`;

  // The agency's own opening words, unless the content keeps them for the markdown twin (hero.intro: false).
  const opening =
    words.intro && intro ? band('', `<div class="prose">${typesetHtml(markdownToHtml(intro))}</div>`) : '';

  const proof =
    content.proofPoints.length === 0
      ? ''
      : band(
          'proof',
          `<h2 id="proof" class="kicker">${escapeHtml(content.proofPointsIntro)}</h2><ul class="proof-list">${content.proofPoints
            .map(({ caseStudy: cs, claim }) => {
              const stat = cs.stats[0];
              return `<li><p class="figure">${escapeHtml(typeset(stat?.value ?? cs.headlineStat))}</p><p>${escapeHtml(claim)}</p><a href="/case-studies/${cs.slug}">${escapeHtml(cs.client)}<span class="visually-hidden"> case study</span></a></li>`;
            })
            .join('')}</ul>`,
          'proof',
        );

  const startHere = offer
    ? `<li class="card card-accent"><h3><a href="${offer.path}">Not sure where to start?</a></h3><p>${escapeHtml(nextStepPitch(content))}</p></li>`
    : '';
  const services = band(
    'services',
    `<div class="section-head"><h2 id="what-we-do">What we do</h2><p>${escapeHtml(content.valueProposition.replace(firstSentence(content.valueProposition), '').trim())}</p></div><ul class="grid service-list">${content.services
      .map(
        (service) =>
          `<li class="card"><h3><a href="/services/${service.slug}">${escapeHtml(service.name)}</a></h3><p>${escapeHtml(service.summary)}</p></li>`,
      )
      .join('')}${startHere}</ul>`,
    'what-we-do',
  );

  const recent = content.caseStudies.filter((cs) => !cs.flagship).slice(0, 4);
  const teaser = band(
    'alt',
    `<div class="section-head"><h2 id="recent-results">Recent results</h2><p>${escapeHtml(words.resultsNote)}</p></div>${caseStudyCards(content, recent, 'Recent case studies')}<p>${button({ href: '/case-studies', label: `All ${content.caseStudies.length} case studies` }, 'secondary')}</p>`,
    'recent-results',
  );

  const closingSection = closingTitle(content.site);
  const own = [...sections].filter(([title]) => !bandSections.includes(title) && title !== closingSection);
  const more =
    own.length === 0
      ? ''
      : band(
          '',
          `<div class="prose">${own
            .map(([title, text]) => `<h2>${escapeHtml(title)}</h2>${markdownToHtml(text)}`)
            .join('')}</div>`,
        );

  const notFor = sections.get('Who we are not for') ?? content.site.fit;
  const fit = band(
    'fit',
    `<div class="split"><div class="panel fit-yes"><h2 id="who-for">Who we work with</h2><p>${escapeHtml(firstSentence(content.site.fit))}</p></div><div class="panel fit-no"><h2 id="fit">Who we are not for</h2>${markdownToHtml(notFor)}</div></div>`,
    'fit',
  );

  const closingText = sections.get(closingSection)?.replace(/\[([^\]]+)\]\([^)]+\)/g, '$1');
  const closing = ctaBand(
    content.site,
    closingSection,
    closingText ? firstSentence(closingText) : nextStepPitch(content),
    contactAction,
  );
  return `${hero}${opening}${proof}${services}${teaser}${more}${fit}${closing}`;
}
