// The one page layout of the site: header, navigation, main, footer and the site's stylesheet. No
// asset from another origin and no JavaScript, so pages work anywhere and the CSP can stay strict.
import { html, pageText, type Html } from '../../kernel/html-template.ts';
import { searchForm } from './search-form.ts';
import { plainPageGraph } from './structured-data/pages.ts';
import { jsonLdScript, type JsonLdGraph } from './structured-data/script.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { Catalog } from '../../capabilities/catalog.ts';
import { siteLogo } from './logo.ts';
import { siteStylesheet } from './stylesheet.ts';
import { llmsTxtPath } from './page-links.ts';

export interface LayoutOptions {
  /** Brand, sample flag, speciality, offer, colour, logo, links and words come from the content. */
  content: Pick<ContentCatalog, 'site' | 'logo' | 'ui'>;
  /** The served capabilities, which the site-search form's WebMCP tool is read from. */
  catalog: Pick<Catalog, 'byKey'>;
  title: string;
  description: string;
  /** Absolute canonical URL of the page. */
  canonical: string;
  /** Absolute URL of the markdown twin, if any. */
  markdownUrl?: string;
  /** Absolute URL of the llms.txt that covers the page (rel="describedby"), with the twin. */
  describedBy?: string;
  /** Current path, to mark the active navigation link. */
  path: string;
  /** Inner HTML of <main>. */
  main: Html;
  /** The page's schema.org graph; without one, the page alone is described. */
  structuredData?: JsonLdGraph;
  /** False on pages that show the site-search form themselves (one search form, one WebMCP tool). */
  searchForm?: boolean;
  /** True when `main` brings its own full-width bands; otherwise it is set in one padded column. */
  designed?: boolean;
  /** The page in each of the site's languages (itself included), absolute URLs: hreflang and the switcher. */
  translations?: { language: string; url: string }[];
}

/** Content-Security-Policy of every HTML page: the site's own stylesheet only, forms post to this site. */
export const htmlCsp =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export function layout(options: LayoutOptions): string {
  const { site, ui } = options.content;
  // The offer, when the content has one, is the navigation's highlighted last link.
  const links = [
    ...site.navigation,
    ...(site.offer ? [{ href: site.offer.path, label: site.offer.navLabel }] : []),
  ].map(({ href, label }) => {
    const current = options.path === href || options.path.startsWith(`${href}/`);
    const cta = href === site.offer?.path ? html` class="nav-cta"` : '';
    return html`<li><a href="${href}"${cta}${current ? html` aria-current="page"` : ''}>${label}</a></li>`;
  });
  const brand = site.brandName;
  const { markdownUrl, describedBy } = options;
  const alternate = markdownUrl ? html`\n<link rel="alternate" type="text/markdown" href="${markdownUrl}">` : '';
  const described = describedBy ? html`\n<link rel="describedby" href="${describedBy}">` : '';
  const graph =
    options.structuredData ?? plainPageGraph(options.title, options.description, options.canonical, site.language);
  const sample = site.sample ? html`<p class="sample">${ui.text('layout.sample', { brand })}</p>\n` : '';
  const { main } = options;
  const speciality = site.speciality ? html` · ${site.speciality}` : '';
  const twin = markdownUrl
    ? html`<li><a href="${markdownUrl}" type="text/markdown">${ui.text('layout.markdownTwin')}</a></li>`
    : '';
  // The page's markdown twin follows llms.txt (both are for agents), else it ends the list.
  const agentsAt = site.footer.findIndex((link) => link.href === llmsTxtPath) + 1 || site.footer.length;
  const footerLines = site.footer.map((link) => html`<li><a href="${link.href}">${link.label}</a></li>\n`);
  footerLines.splice(agentsAt, 0, html`${twin}\n`);
  const { head: hreflang, switcher } = translationLinks(
    options.translations ?? [],
    site.language,
    ui.text('nav.languages'),
  );
  return pageText(html`<!doctype html>
<html lang="${site.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title}</title>
<meta name="description" content="${options.description}">
<link rel="canonical" href="${options.canonical}">${alternate}${described}${hreflang}
<link rel="icon" href="/logo.svg" type="image/svg+xml">
<link rel="stylesheet" href="${siteStylesheet(site.brandColour).path}">
${jsonLdScript(graph)}
</head>
<body>
<a class="skip" href="#main">${ui.text('layout.skip')}</a>
<header class="site-header">
${sample}<div class="wrap bar">
<a class="brand" href="${site.homePath}">${siteLogo(options.content).mark}${brand}</a>
<nav aria-label="${ui.text('nav.label')}"><ul>${links}</ul></nav>${switcher}
</div>
</header>
<main id="main">
${options.designed ? main : html`<div class="wrap page-wrap">${main}</div>`}
</main>
<footer class="site-footer">
<div class="wrap">
${options.searchForm === false ? '' : searchForm(options, '', 'site-search-q')}
<p><strong>${brand}</strong>${speciality}</p>
<ul>
${footerLines}</ul>
</div>
</footer>
</body>
</html>
`);
}

/**
 * A translated page's hreflang alternates (the default language's page is x-default, as Google asks)
 * and a link to each other language, named in that language ("English", "Deutsch").
 */
function translationLinks(
  translations: { language: string; url: string }[],
  current: string,
  label: string,
): { head: Html | ''; switcher: Html | '' } {
  if (translations.length < 2) return { head: '', switcher: '' };
  const alternates = translations.map(
    ({ language, url }) => html`\n<link rel="alternate" hreflang="${language}" href="${url}">`,
  );
  const others = translations
    .filter(({ language }) => language !== current)
    .map(({ language, url }) => {
      const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
      return html`<li><a href="${new URL(url).pathname}" hreflang="${language}" lang="${language}">${name}</a></li>`;
    });
  return {
    head: html`${alternates}\n<link rel="alternate" hreflang="x-default" href="${translations[0]!.url}">`,
    switcher: html`\n<nav class="languages" aria-label="${label}"><ul>${others}</ul></nav>`,
  };
}
