// One case study for people: the headline, its figures as stat cards, before/after figures as
// charts, the story, related case studies and the next step. Rendered once per study (charts are
// drawn asynchronously by Vega), then served from memory.
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { CaseStudy } from '../../domain/content/types.ts';
import { beforeAfter, beforeAfterSvg } from './charts.ts';
import { band, caseStudyCards, contactAction, ctaBand, nextStepPitch, pageHead, serviceNames } from './components.ts';
import { slugify } from './case-study-filters.ts';
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

const published = (date: string): string =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

function facts(content: ContentCatalog, cs: CaseStudy): Html {
  const names = serviceNames(content, cs);
  const services = cs.services.map((slug, i) => html`${i > 0 ? ', ' : ''}<a href="/services/${slug}">${names[i]}</a>`);
  const size = cs.companySize ? html`<div><dt>Company size</dt><dd>${cs.companySize}</dd></div>` : '';
  const industry = html`<a href="/case-studies?industry=${slugify(cs.industry)}">${cs.industry}</a>`;
  return concatHtml(
    html`<dl class="facts"><div><dt>Industry</dt><dd>${industry}</dd></div>${size}`,
    html`<div><dt>Services</dt><dd>${services}</dd></div>`,
    html`<div><dt>Published</dt><dd><time datetime="${cs.publishedAt}">${published(cs.publishedAt)}</time></dd></div></dl>`,
  );
}

export async function caseStudyMain(content: ContentCatalog, cs: CaseStudy): Promise<Html> {
  const cards = await Promise.all(
    cs.stats.map(async (stat, i) => {
      const change = beforeAfter(stat.label, stat.value);
      const chart = change
        ? html`<figure class="chart">${await beforeAfterSvg(change, `c${i}`)}<figcaption>Before and after</figcaption></figure>`
        : '';
      return concatHtml(
        html`<li class="stat${change ? ' stat-chart' : ''}"><p class="figure">${typeset(stat.value)}</p>`,
        html`<p class="figure-label">${stat.label}</p>${chart}</li>`,
      );
    }),
  );
  const flagship = cs.flagship ? html` · <span class="badge">Flagship result</span>` : '';
  const head = pageHead({
    eyebrow: html`<a href="/case-studies">Case studies</a>${flagship}`,
    title: `${cs.client}: ${cs.headlineStat}`,
    lead: cs.summary,
  });
  const results = band(
    '',
    concatHtml(
      html`<h2 id="results" class="visually-hidden">Results</h2><ul class="grid stats" aria-labelledby="results">${cards}</ul>`,
      html`<div class="split wide-main"><div class="prose">${story(cs)}</div>`,
      html`<aside class="panel" aria-label="About this engagement">${facts(content, cs)}</aside></div>`,
    ),
  );
  const related = relatedStudies(content, cs);
  const relatedCards = caseStudyCards(content, related, 'Related case studies', 3, true);
  const more = related.length
    ? band(
        'alt',
        html`<div class="section-head"><h2 id="related">Related case studies</h2></div>${relatedCards}`,
        'related',
      )
    : '';
  const closing = ctaBand(content.site, 'Want a result like this?', nextStepPitch(content), contactAction);
  return html`${head}${results}${more}${closing}`;
}
