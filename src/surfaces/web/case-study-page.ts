// One case study for people: the headline, its figures as stat cards, before/after figures as
// charts, the story, related case studies and the next step. Rendered once per study (charts are
// drawn asynchronously by Vega), then served from memory.
import { caseStudyHeading } from '../../domain/content/case-study-text.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { CaseStudy } from '../../domain/content/types.ts';
import { beforeAfter, beforeAfterSvg } from './charts.ts';
import {
  band,
  caseStudyCards,
  contactAction,
  ctaBand,
  nextStepPitch,
  pageHead,
  sectionTitle,
  serviceNames,
} from './components.ts';
import { facetSlug } from './case-study-filters.ts';
import { concatHtml, html, type Html } from '../../kernel/html-template.ts';
import { markdownToHtml } from './html.ts';
import { typeset, typesetHtml } from './typography.ts';

/** Up to three other studies, those sharing the most services (then the industry) first. */
export function relatedStudies(content: ContentCatalog, cs: CaseStudy): CaseStudy[] {
  const score = (other: CaseStudy): number =>
    other.services.filter((s) => cs.services.includes(s)).length * 2 + (other.industry === cs.industry ? 1 : 0);
  return content.caseStudies
    .filter((other) => other.slug !== cs.slug)
    .map((other, index) => ({ other, index, score: score(other) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, 3)
    .map((entry) => entry.other);
}

/** The story without what the page head and stat cards already say (summary, figure list). */
function story(cs: CaseStudy): Html {
  const labels = new Set(cs.stats.map((stat) => stat.label));
  const lines = cs.body.split('\n').filter((line) => {
    const match = /^- \*\*(.+?):\*\* /.exec(line);
    return !(match && labels.has(match[1]!)) && line.trim() !== cs.summary.trim();
  });
  const text = lines.join('\n').replace(/\n## [^\n]+\s*$/, '\n');
  return typesetHtml(markdownToHtml(text));
}

function facts(content: ContentCatalog, cs: CaseStudy): Html {
  const { ui } = content;
  const names = serviceNames(content, cs);
  const services = cs.services.map(
    (slug, i) =>
      html`${i > 0 ? ', ' : ''}<a href="${content.serviceBySlug(slug)?.path ?? `/services/${slug}`}">${names[i]}</a>`,
  );
  const size = cs.companySize
    ? html`<div><dt>${ui.text('study.companySize')}</dt><dd>${cs.companySize}</dd></div>`
    : '';
  const industry = cs.industry
    ? html`<div><dt>${ui.text('study.industry')}</dt><dd><a href="${content.site.paths.caseStudies}?industry=${facetSlug(ui, cs.industry)}">${cs.industry}</a></dd></div>`
    : '';
  const published = html`<time datetime="${cs.publishedAt}">${ui.date(cs.publishedAt)}</time>`;
  return concatHtml(
    html`<dl class="facts">${industry}${size}`,
    html`<div><dt>${ui.text('study.services')}</dt><dd>${services}</dd></div>`,
    html`<div><dt>${ui.text('study.published')}</dt><dd>${published}</dd></div></dl>`,
  );
}

export async function caseStudyMain(content: ContentCatalog, cs: CaseStudy): Promise<Html> {
  const { ui } = content;
  const cards = await Promise.all(
    cs.stats.map(async (stat, i) => {
      const change = beforeAfter(stat.label, stat.value);
      const chart = change
        ? html`<figure class="chart">${await beforeAfterSvg(change, `c${i}`, ui)}<figcaption>${ui.text('study.beforeAfter')}</figcaption></figure>`
        : '';
      return concatHtml(
        html`<li class="stat${change ? ' stat-chart' : ''}"><p class="figure">${typeset(stat.value)}</p>`,
        html`<p class="figure-label">${stat.label}</p>${chart}</li>`,
      );
    }),
  );
  const flagship = cs.flagship ? html` · <span class="badge">${ui.text('study.flagship')}</span>` : '';
  const head = pageHead({
    eyebrow: html`<a href="${content.site.paths.caseStudies}">${sectionTitle(content, 'case-studies')}</a>${flagship}`,
    title: caseStudyHeading(cs),
    lead: cs.summary,
  });
  const results = band(
    '',
    concatHtml(
      html`<h2 id="results" class="visually-hidden">${ui.text('study.results')}</h2><ul class="grid stats" aria-labelledby="results">${cards}</ul>`,
      html`<div class="split wide-main"><div class="prose">${story(cs)}</div>`,
      html`<aside class="panel" aria-label="${ui.text('study.about')}">${facts(content, cs)}</aside></div>`,
    ),
  );
  const related = relatedStudies(content, cs);
  const relatedCards = caseStudyCards(content, related, ui.text('study.related'), 3, true);
  const more = related.length
    ? band(
        'alt',
        html`<div class="section-head"><h2 id="related">${ui.text('study.related')}</h2></div>${relatedCards}`,
        'related',
      )
    : '';
  const closing = ctaBand(content, ui.text('study.closing'), nextStepPitch(content), contactAction(content));
  return html`${head}${results}${more}${closing}`;
}
