// The building blocks every designed page shares: full-width bands with a readable measure inside,
// page heads, calls to action and case-study cards. Everything is escaped here, once.
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { CaseStudy, SiteConfig } from '../../domain/content/types.ts';
import { escapeHtml } from '../../html/escape.ts';
import { typeset } from './typography.ts';

export interface Action {
  href: string;
  label: string;
}

/** The contact page, the next step of an agency without an offer (and the second one with one). */
export const contactAction: Action = { href: '/contact', label: 'Talk to us' };

/** The one primary next step offered everywhere: the content's offer, or else the contact page. */
export function nextStep(site: Pick<SiteConfig, 'offer'>): Action {
  return site.offer ? { href: site.offer.path, label: site.offer.button } : contactAction;
}

export function button(action: Action, kind: 'primary' | 'secondary' = 'primary'): string {
  return `<a class="btn btn-${kind}" href="${escapeHtml(action.href)}">${escapeHtml(action.label)}</a>`;
}

/** A full-width band; `inner` is already HTML. `labelledBy` names the band after its heading. */
export function band(className: string, inner: string, labelledBy?: string): string {
  const label = labelledBy ? ` aria-labelledby="${labelledBy}"` : '';
  return `<section class="band ${className}"${label}><div class="wrap">${inner}</div></section>`;
}

export interface PageHeadOptions {
  eyebrow?: string;
  /** Plain text. */
  title: string;
  /** Plain text. */
  lead?: string;
  actions?: Action[];
  /** Extra HTML after the lead (breadcrumbs go before, via eyebrow). */
  extra?: string;
}

export function pageHead(options: PageHeadOptions): string {
  const actions = options.actions?.length
    ? `<p class="actions">${options.actions.map((action, i) => button(action, i === 0 ? 'primary' : 'secondary')).join('')}</p>`
    : '';
  return `<div class="page-head"><div class="wrap">${options.eyebrow ? `<p class="eyebrow">${options.eyebrow}</p>` : ''}<h1>${escapeHtml(typeset(options.title))}</h1>${options.lead ? `<p class="lead">${escapeHtml(typeset(options.lead))}</p>` : ''}${options.extra ?? ''}${actions}</div></div>`;
}

/** The closing call to action of a page; a secondary action that repeats the primary is left out. */
export function ctaBand(
  site: Pick<SiteConfig, 'offer'>,
  title: string,
  text: string,
  secondary?: Action,
  primary: Action = nextStep(site),
): string {
  const second = secondary && secondary.href !== primary.href ? button(secondary, 'secondary') : '';
  return band(
    'cta',
    `<h2 id="next-step">${escapeHtml(title)}</h2><p>${escapeHtml(text)}</p><p class="actions">${button(primary)}${second}</p>`,
    'next-step',
  );
}

export function serviceNames(content: Pick<ContentCatalog, 'serviceBySlug'>, cs: CaseStudy): string[] {
  return cs.services.map((slug) => content.serviceBySlug(slug)?.name ?? slug);
}

/** A card: client, headline figure large with its label, industry and services. Nothing repeated. */
export function caseStudyCard(content: Pick<ContentCatalog, 'serviceBySlug'>, cs: CaseStudy, level: 2 | 3 = 3): string {
  const stat = cs.stats[0];
  const figure = stat
    ? `<p class="figure">${escapeHtml(typeset(stat.value))}</p><p class="figure-label">${escapeHtml(stat.label)}</p>`
    : `<p class="figure-label">${escapeHtml(typeset(cs.headlineStat))}</p>`;
  return `<li class="card cs-card"><h${level}><a href="/case-studies/${cs.slug}">${escapeHtml(cs.client)}</a></h${level}>${figure}<p class="meta"><span class="industry">${escapeHtml(cs.industry)}${cs.flagship ? ' · Flagship' : ''}</span>${serviceNames(
    content,
    cs,
  )
    .map((name) => `<span>${escapeHtml(name)}</span>`)
    .join('')}</p></li>`;
}

export function caseStudyCards(
  content: Pick<ContentCatalog, 'serviceBySlug'>,
  studies: CaseStudy[],
  label: string,
  level: 2 | 3 = 3,
  fill = false,
): string {
  return `<ul class="grid cards${fill ? ' fill' : ''}" aria-label="${escapeHtml(label)}">${studies.map((cs) => caseStudyCard(content, cs, level)).join('')}</ul>`;
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
  return offer ? (content.pageBySlug(offer.page)?.description ?? '') : content.contact.responseTime;
}

/** Title of the closing call of content pages: the offer's, or an invitation to write. */
export function closingTitle(site: Pick<SiteConfig, 'offer'>): string {
  return site.offer?.closingTitle ?? 'Tell us what you need';
}
