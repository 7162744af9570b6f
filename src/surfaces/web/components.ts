// The building blocks every designed page shares: full-width bands with a readable measure inside,
// page heads, calls to action and case-study cards. Text is escaped by the `html` template tag.
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { CaseStudy } from '../../domain/content/types.ts';
import { concatHtml, html, type Html } from '../../kernel/html-template.ts';
import { typeset } from './typography.ts';

export interface Action {
  href: string;
  label: string;
}

/** What calls to action read: the offer and the site's words. */
type CallContent = Pick<ContentCatalog, 'site' | 'ui'>;

/** A section's title in the site's own words (site.yaml `sections`: "Projekte"), else the site language's word. */
export function sectionTitle(
  content: Pick<ContentCatalog, 'sections' | 'ui'>,
  id: 'services' | 'case-studies',
): string {
  return content.sections.find((section) => section.id === id)?.title ?? content.ui.text(`nav.${id}`);
}

/** The contact page, the next step of an agency without an offer (and the second one with one). */
export function contactAction(content: Pick<ContentCatalog, 'site' | 'ui'>): Action {
  return { href: content.site.paths.contact, label: content.ui.text('cta.talkToUs') };
}

/** The one primary next step offered everywhere: the content's offer, or else the contact page. */
export function nextStep(content: CallContent): Action {
  const { offer } = content.site;
  return offer ? { href: offer.path, label: offer.button } : contactAction(content);
}

export function button(action: Action, kind: 'primary' | 'secondary' = 'primary'): Html {
  return html`<a class="btn btn-${kind}" href="${action.href}">${action.label}</a>`;
}

/** A full-width band around `inner`. `labelledBy` names the band after its heading. */
export function band(className: string, inner: Html, labelledBy?: string): Html {
  const label = labelledBy ? html` aria-labelledby="${labelledBy}"` : '';
  return html`<section class="band ${className}"${label}><div class="wrap">${inner}</div></section>`;
}

export interface PageHeadOptions {
  /** Text, or a fragment (a breadcrumb link). */
  eyebrow?: Html | string;
  /** Plain text. */
  title: string;
  /** Plain text. */
  lead?: string;
  actions?: Action[];
  /** Extra HTML after the lead (breadcrumbs go before, via eyebrow). */
  extra?: Html;
}

export function pageHead(options: PageHeadOptions): Html {
  const actions = options.actions?.length
    ? html`<p class="actions">${options.actions.map((action, i) => button(action, i === 0 ? 'primary' : 'secondary'))}</p>`
    : '';
  const eyebrow = options.eyebrow ? html`<p class="eyebrow">${options.eyebrow}</p>` : '';
  const lead = options.lead ? html`<p class="lead">${typeset(options.lead)}</p>` : '';
  return html`<div class="page-head"><div class="wrap">${eyebrow}<h1>${typeset(options.title)}</h1>${lead}${options.extra}${actions}</div></div>`;
}

/** The closing call to action of a page; a secondary action that repeats the primary is left out. */
export function ctaBand(
  content: CallContent,
  title: string,
  text: string,
  secondary?: Action,
  primary: Action = nextStep(content),
): Html {
  const second = secondary && secondary.href !== primary.href ? button(secondary, 'secondary') : '';
  return band(
    'cta',
    html`<h2 id="next-step">${title}</h2><p>${text}</p><p class="actions">${button(primary)}${second}</p>`,
    'next-step',
  );
}

export function serviceNames(content: Pick<ContentCatalog, 'serviceBySlug'>, cs: CaseStudy): string[] {
  return cs.services.map((slug) => content.serviceBySlug(slug)?.name ?? slug);
}

/** A card: client, headline figure large with its label, industry and services. Nothing repeated. */
export function caseStudyCard(
  content: Pick<ContentCatalog, 'serviceBySlug' | 'ui'>,
  cs: CaseStudy,
  level: 2 | 3 = 3,
): Html {
  const stat = cs.stats[0];
  const figure = stat
    ? html`<p class="figure">${typeset(stat.value)}</p><p class="figure-label">${stat.label}</p>`
    : cs.headlineStat
      ? html`<p class="figure-label">${typeset(cs.headlineStat)}</p>`
      : '';
  const services = serviceNames(content, cs).map((name) => html`<span>${name}</span>`);
  const industry = html`<span class="industry">${[cs.industry, cs.flagship ? content.ui.text('card.flagship') : undefined].filter(Boolean).join(' · ')}</span>`;
  return concatHtml(
    html`<li class="card cs-card"><h${level}><a href="${cs.path}">${cs.client}</a></h${level}>`,
    html`${figure}<p class="meta">${industry}${services}</p></li>`,
  );
}

export function caseStudyCards(
  content: Pick<ContentCatalog, 'serviceBySlug' | 'ui'>,
  studies: CaseStudy[],
  label: string,
  level: 2 | 3 = 3,
  fill = false,
): Html {
  const cards = studies.map((cs) => caseStudyCard(content, cs, level));
  return html`<ul class="grid cards${fill ? ' fill' : ''}" aria-label="${label}">${cards}</ul>`;
}

/** Splits page markdown at its "## " headings: the text before them and each section by title. */
export function markdownSections(markdown: string): { intro: string; sections: Map<string, string> } {
  const [head = '', ...parts] = markdown.split(/^## /m);
  const sections = new Map(
    parts.map((part) => {
      const newline = part.indexOf('\n');
      return [part.slice(0, newline).trim(), part.slice(newline + 1).trim()] as [string, string];
    }),
  );
  return { intro: head.replace(/^# .*$/m, '').trim(), sections };
}

/** The H1 text of page markdown. */
export function markdownTitle(markdown: string, fallback: string): string {
  return /^# (.+)$/m.exec(markdown)?.[1]?.trim() ?? fallback;
}

/** One sentence on the next step for closing calls: the offer page's description, or the reply promise. */
export function nextStepPitch(content: Pick<ContentCatalog, 'pageBySlug' | 'site' | 'contact'>): string {
  const offer = content.site.offer;
  return offer ? (content.pageBySlug(offer.page)?.description ?? '') : (content.contact.responseTime ?? '');
}

/** Title of the closing call of content pages: the offer's, or an invitation to write. */
export function closingTitle(content: CallContent): string {
  return content.site.offer?.closingTitle ?? content.ui.text('cta.tellUs');
}
