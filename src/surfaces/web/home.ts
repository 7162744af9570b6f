// The home page for buyers: hero with the promise and two calls to action, the flagship results as
// large figures, services with their outcomes, recent case studies, who we are not for, next step.
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { Page } from '../../domain/content/types.ts';
import { band, closingTitle, contactAction, ctaBand, markdownSections, nextStepPitch } from './components.ts';
import { concatHtml, html, type Html } from '../../kernel/html-template.ts';
import { markdownToHtml } from './html.ts';
import { typesetHtml } from './typography.ts';
import { firstSentence, heroBand, proofBand, recentResultsBand, servicesBand } from './home-bands.ts';

type Sections = Map<string, string>;

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
  const bands = bandSections(content, page);
  // The agency's own opening words, unless the content keeps them for the markdown twin (hero.intro: false).
  const opening =
    content.site.hero.intro && intro
      ? band('', html`<div class="prose">${typesetHtml(markdownToHtml(intro))}</div>`)
      : '';
  const closingSection = closingTitle(content);
  const designed = new Set([bands.services, bands.results, bands.notFor, closingSection]);
  return html`${heroBand(content, page)}${opening}${proofBand(content)}${servicesBand(content)}${recentResultsBand(content)}${ownSectionsBand(sections, designed)}${fitBand(content, sections.get(bands.notFor))}${closingBand(content, sections, closingSection)}`;
}

/** The home.md sections no designed band stands for, shown as written. */
function ownSectionsBand(sections: Sections, designed: Set<string>): Html | '' {
  const own = [...sections].filter(([title]) => !designed.has(title));
  if (own.length === 0) return '';
  return band(
    '',
    html`<div class="prose">${own.map(([title, text]) => html`<h2>${title}</h2>${markdownToHtml(text)}`)}</div>`,
  );
}

function fitBand(content: ContentCatalog, notForSection: string | undefined): Html | '' {
  const { ui } = content;
  const { fit } = content.site;
  // Without a fit (a gap the import left) there is nothing to say on either side.
  if (fit === undefined) return '';
  const notFor = notForSection ?? fit;
  return band(
    'fit',
    concatHtml(
      html`<div class="split"><div class="panel fit-yes"><h2 id="who-for">${ui.text('home.whoFor')}</h2>`,
      html`<p>${firstSentence(fit)}</p></div>`,
      html`<div class="panel fit-no"><h2 id="fit">${ui.text('home.notFor')}</h2>${markdownToHtml(notFor)}</div></div>`,
    ),
    'fit',
  );
}

function closingBand(content: ContentCatalog, sections: Sections, closingSection: string): Html {
  const closingText = sections.get(closingSection)?.replace(/\[([^\]]+)\]\([^)]+\)/g, '$1');
  return ctaBand(
    content,
    closingSection,
    closingText ? firstSentence(closingText) : nextStepPitch(content),
    contactAction(content),
  );
}
