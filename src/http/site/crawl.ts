// robots.txt (with AI-crawler rules and Content-Signal) and sitemap.xml, built from BASE_URL and
// the served pages.
import type { Config } from '../../config.ts';
import type { Page } from '../../domain/content/types.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import { pageUrls } from '../../domain/content/urls.ts';

const aiCrawlers = ['GPTBot', 'OAI-SearchBot', 'ChatGPT-User', 'ClaudeBot', 'Claude-User', 'Claude-SearchBot', 'PerplexityBot', 'Google-Extended', 'Applebot-Extended', 'CCBot'];

export function robotsTxt(config: Config): string {
  return `# Content signals (https://contentsignals.org): search and AI answers may use this site;
# it may not be used to train AI models.
User-agent: *
Content-Signal: search=yes, ai-input=yes, ai-train=no
Allow: /
Disallow: /api/

# AI agents and assistants are welcome; start at /llms.txt or /.well-known/api-catalog.
${aiCrawlers.map((bot) => `User-agent: ${bot}`).join('\n')}
Content-Signal: search=yes, ai-input=yes, ai-train=no
Allow: /
Disallow: /api/

Sitemap: ${config.baseUrl}/sitemap.xml
`;
}

export function sitemapXml(config: Config, content: ContentCatalog, pages: Page[]): string {
  const entries = pages.map((page) => {
    const cs = page.caseStudySlug ? content.caseStudyBySlug(page.caseStudySlug) : undefined;
    const lastmod = cs ? `<lastmod>${cs.publishedAt}</lastmod>` : '';
    return `  <url><loc>${xmlEscape(pageUrls(config.baseUrl, page).url)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
