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

export interface LayoutOptions {
  /** Brand, sample flag, speciality, offer, colour and logo come from the content. */
  content: Pick<ContentCatalog, 'site' | 'logo'>;
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
}

const nav: [string, string][] = [
  ['/services', 'Services'],
  ['/case-studies', 'Case studies'],
  ['/about', 'About'],
  ['/developers', 'Developers'],
  ['/contact', 'Contact'],
];

/** Content-Security-Policy of every HTML page: the site's own stylesheet only, forms post to this site. */
export const htmlCsp =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export function layout(options: LayoutOptions): string {
  const { site } = options.content;
  // The offer, when the content has one, is the navigation's highlighted last link.
  const links = [...nav, ...(site.offer ? [[site.offer.path, site.offer.navLabel] as [string, string]] : [])].map(
    ([href, label]) => {
      const current = options.path === href || options.path.startsWith(`${href}/`);
      const cta = href === site.offer?.path ? html` class="nav-cta"` : '';
      return html`<li><a href="${href}"${cta}${current ? html` aria-current="page"` : ''}>${label}</a></li>`;
    },
  );
  const brand = site.brandName;
  const { markdownUrl, describedBy } = options;
  const alternate = markdownUrl ? html`\n<link rel="alternate" type="text/markdown" href="${markdownUrl}">` : '';
  const described = describedBy ? html`\n<link rel="describedby" href="${describedBy}">` : '';
  const graph = options.structuredData ?? plainPageGraph(options.title, options.description, options.canonical);
  const sample = site.sample
    ? html`<p class="sample">Sample content: ${brand} is a fictional agency and every client on this site is invented.</p>\n`
    : '';
  const { main } = options;
  const speciality = site.speciality ? html` · ${site.speciality}` : '';
  const twin = markdownUrl
    ? html`<li><a href="${markdownUrl}" type="text/markdown">This page as markdown</a></li>`
    : '';
  return pageText(html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title}</title>
<meta name="description" content="${options.description}">
<link rel="canonical" href="${options.canonical}">${alternate}${described}
<link rel="icon" href="/logo.svg" type="image/svg+xml">
<link rel="stylesheet" href="${siteStylesheet(site.brandColour).path}">
${jsonLdScript(graph)}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site-header">
${sample}<div class="wrap bar">
<a class="brand" href="/">${siteLogo(options.content).mark}${brand}</a>
<nav aria-label="Main"><ul>${links}</ul></nav>
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
<li><a href="/contact">Contact</a></li>
<li><a href="/developers">Developers</a></li>
<li><a href="/audit">Agent-readiness audit</a></li>
<li><a href="/llms.txt">llms.txt</a></li>
${twin}
<li><a href="/sitemap.xml">Sitemap</a></li>
</ul>
</div>
</footer>
</body>
</html>
`);
}
