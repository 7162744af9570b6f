// The home page for buyers: hero with the promise and two calls to action, the flagship results as
// large figures, services with their outcomes, recent case studies, who we are not for, next step.
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { Page } from '../../domain/content/types.ts';
import {
  assessmentAction, assessmentPitch, band, button, caseStudyCards, ctaBand, markdownSections, markdownTitle,
} from './components.ts';
import { escapeHtml, markdownToHtml } from './html.ts';
import { typeset } from './typography.ts';

const firstSentence = (text: string): string => /^.*?\.(?=\s|$)/.exec(text)?.[0] ?? text;

export function homeMain(content: ContentCatalog, page: Page): string {
  const { sections } = markdownSections(page.body);
  const hero = `<div class="hero"><div class="wrap"><p class="eyebrow">B2B technology marketing · 10M–500M ARR</p><h1>${escapeHtml(markdownTitle(page.body, content.site.tagline))}</h1><p class="lead">${escapeHtml(firstSentence(content.valueProposition))}</p><p class="actions">${button(assessmentAction)}${button({ href: '/case-studies', label: 'See the results' }, 'secondary')}</p><p class="hero-note">${content.caseStudies.length} published case studies · senior team only · measured on pipeline, not clicks</p></div></div>`;

  const proof = band('proof', `<h2 id="proof" class="kicker">${escapeHtml(content.proofPointsIntro)}</h2><ul class="proof-list">${content.proofPoints.map(({ caseStudy: cs, claim }) => {
    const stat = cs.stats[0];
    return `<li><p class="figure">${escapeHtml(typeset(stat?.value ?? cs.headlineStat))}</p><p>${escapeHtml(claim)}</p><a href="/case-studies/${cs.slug}">${escapeHtml(cs.client)}<span class="visually-hidden"> case study</span></a></li>`;
  }).join('')}</ul>`, 'proof');

  const services = band('services', `<div class="section-head"><h2 id="what-we-do">What we do</h2><p>${escapeHtml(content.valueProposition.replace(firstSentence(content.valueProposition), '').trim())}</p></div><ul class="grid service-list">${content.services.map((service) =>
    `<li class="card"><h3><a href="/services/${service.slug}">${escapeHtml(service.name)}</a></h3><p>${escapeHtml(service.summary)}</p></li>`).join('')}<li class="card card-accent"><h3><a href="${assessmentAction.href}">Not sure where to start?</a></h3><p>${escapeHtml(assessmentPitch(content))}</p></li></ul>`, 'what-we-do');

  const recent = content.caseStudies.filter((cs) => !cs.flagship).slice(0, 4);
  const teaser = band('alt', `<div class="section-head"><h2 id="recent-results">Recent results</h2><p>Specific numbers from named (fictional) clients, newest first.</p></div>${caseStudyCards(content, recent, 'Recent case studies')}<p>${button({ href: '/case-studies', label: `All ${content.caseStudies.length} case studies` }, 'secondary')}</p>`, 'recent-results');

  const notFor = sections.get('Who we are not for') ?? content.site.fit;
  const fit = band('fit', `<div class="split"><div class="panel fit-yes"><h2 id="who-for">Who we work with</h2><p>${escapeHtml(firstSentence(content.site.fit))}</p></div><div class="panel fit-no"><h2 id="fit">Who we are not for</h2>${markdownToHtml(notFor)}</div></div>`, 'fit');

  const assessment = sections.get('Start with an assessment') ?? '';
  const closing = ctaBand('Start with an assessment', firstSentence(assessment.replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')), { href: '/contact', label: 'Talk to us' });
  return `${hero}${proof}${services}${teaser}${fit}${closing}`;
}
