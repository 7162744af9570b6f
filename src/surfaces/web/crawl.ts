// robots.txt (AI-crawler rules, the usage preference, and with ROBOTS_DRAFT_DIRECTIVES the draft
// Content-Usage and Agentmap lines) and sitemap.xml, built from BASE_URL, CONTENT_SIGNAL and the served pages.
import type { Config } from '../../config/config.ts';
import type { Page } from '../../domain/content/types.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import { pageUrls } from '../../domain/content/urls.ts';
import { contentSignalValue, contentUsageValue } from '../../domain/usage-preference.ts';
import { ardPath } from '../../capabilities/documents/discovery-paths.ts';

const aiCrawlers = [
  'GPTBot',
  'OAI-SearchBot',
  'ChatGPT-User',
  'ClaudeBot',
  'Claude-User',
  'Claude-SearchBot',
  'PerplexityBot',
  'Google-Extended',
  'Applebot-Extended',
  'CCBot',
];

/**
 * robots.txt with only the directives Lighthouse's robots-txt audit accepts (Content-Signal is one);
 * the draft Content-Usage and Agentmap lines, which it counts as errors, only with
 * ROBOTS_DRAFT_DIRECTIVES. Both facts are published anyway: the Content-Usage header, and the ARD
 * catalog at /.well-known/ard.json named by every page's Link rel="ard". Front mode leaves out the
 * Sitemap line: the sitemap is the origin's, named by the origin's own robots.txt.
 */
export function robotsTxt(config: Config, { sitemap = true }: { sitemap?: boolean } = {}): string {
  const drafts = config.robotsDraftDirectives;
  const usage = drafts ? contentUsageValue(config.usagePreference) : undefined;
  // Each group states the preference, as crawlers read only the group that names them.
  const preference = [
    `Content-Signal: ${contentSignalValue(config.usagePreference)}`,
    ...(usage ? [`Content-Usage: ${usage}`] : []),
  ].join('\n');
  const vocabularies = usage
    ? `# How this site's content may be used, in two vocabularies that say the same thing:
# Content-Signal (https://contentsignals.org) and Content-Usage (IETF AI preferences).`
    : `# How this site's content may be used: Content-Signal (https://contentsignals.org).`;
  const agentmap = drafts
    ? `
# The catalog of the site's MCP server, A2A agent and skills (Agentic Resource Discovery).
Agentmap: ${config.baseUrl}${ardPath}`
    : '';
  const sitemapLine = sitemap ? `Sitemap: ${config.baseUrl}/sitemap.xml` : '';
  const closing = [sitemapLine, agentmap.trim()].filter(Boolean).join('\n');
  return `${vocabularies}
User-agent: *
${preference}
Allow: /
Disallow: /api/

# AI agents and assistants are welcome; start at /llms.txt or /.well-known/api-catalog.
${aiCrawlers.map((bot) => `User-agent: ${bot}`).join('\n')}
${preference}
Allow: /
Disallow: /api/
${closing ? `\n${closing}\n` : ''}`;
}

/** sitemap.xml; a site with translations names each page's in hreflang alternates, as Google reads them. */
export function sitemapXml(config: Config, content: ContentCatalog, pages: Page[]): string {
  const [defaultLanguage = 'en'] = content.site.languages;
  const entries = pages.map((page) => {
    const cs = page.caseStudySlug ? content.caseStudyBySlug(page.caseStudySlug) : undefined;
    const lastmod = cs ? `<lastmod>${cs.publishedAt}</lastmod>` : '';
    const alternates = content
      .translationsOf(page)
      .map(
        (translation) =>
          `<xhtml:link rel="alternate" hreflang="${translation.language ?? defaultLanguage}" href="${xmlEscape(pageUrls(config.baseUrl, translation).url)}"/>`,
      )
      .join('');
    return `  <url><loc>${xmlEscape(pageUrls(config.baseUrl, page).url)}</loc>${lastmod}${alternates}</url>`;
  });
  const xhtml = content.site.languages.length > 1 ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>\n${entries.join('\n')}\n</urlset>\n`;
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
