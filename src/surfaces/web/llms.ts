// /llms.txt (llmstxt.org: H1, blockquote summary, H2 sections of links, an "Optional" section) and
// /llms-full.txt (every page's markdown in one file). Links point at the markdown twins.
import type { Config } from '../../config/config.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { Page } from '../../domain/content/types.ts';
import { pageUrls } from '../../domain/content/urls.ts';
import { deprecationNotice } from './deprecation.ts';
import { absolutizeLinks } from './html.ts';
import { serverCardUrl } from '../../domain/server-card-address.ts';
import { exampleQuestion } from '../../domain/ask/example.ts';
import type { ServedPage } from './served-pages.ts';
import type { Catalog } from '../../capabilities/catalog.ts';
import { credentialNote, keyedCapabilityNames } from '../../capabilities/credentials.ts';

export function llmsTxt(config: Config, content: ContentCatalog, catalog: Pick<Catalog, 'capabilities'>): string {
  const b = config.baseUrl;
  const keyed = keyedCapabilityNames(catalog.capabilities);
  const markdownLink = (page: Page): string => `[${page.title}](${pageUrls(b, page).markdown_url})`;
  // Each page once, in the default language, its translations named after it ("en: [Services](…)").
  const translated = (page: Page): string =>
    content
      .translationsOf(page)
      .filter((other) => other.language !== undefined)
      .map((other) => ` (${other.language}: ${markdownLink(other)})`)
      .join('');
  const link = (page: Page): string => `- ${markdownLink(page)}: ${page.description}${translated(page)}`;
  const notice = deprecationNotice(config);
  const sections = content.sections.map((section) => {
    const pages = content
      .pagesInSection(section.id)
      .filter(
        (page) =>
          page.translationOf === undefined &&
          (!page.caseStudySlug || content.caseStudyBySlug(page.caseStudySlug)?.flagship),
      );
    return `## ${section.title}\n\n${pages.map(link).join('\n')}`;
  });
  const others = content.caseStudies
    .filter((cs) => !cs.flagship)
    .map((cs) => content.pageBySlug(`case-studies/${cs.slug}`)!);
  const t = content.ui.text;
  const brand = content.site.brandName;
  const code = (text: string): string => `\`${text}\``;
  const credential = credentialNote(catalog.capabilities, content.ui);
  const example = `GET ${b}/ask?query=${encodeURIComponent(exampleQuestion(content))}`;
  return `# ${brand}

> ${[content.site.tagline, content.valueProposition].filter(Boolean).join(' ')}

${notice ? `${notice}\n\n` : ''}${content.site.fit ?? ''}
${content.site.sample ? `\n${t('llms.sample', { brand })}\n` : ''}
${t('llms.markdown', { accept: code('Accept: text/markdown'), twins: `${code('<page>.md')} ${t('slug.and')} ${code('<page>.html.md')}`, home: code('/index.md') })}
${t('llms.agents', { openapi: `${b}/agent/openapi.json`, mcp: config.mcpUrl })}
${credential} ${t('llms.fullText', { url: `${b}/llms-full.txt` })}

${sections.join('\n\n')}

## ${t('llms.developers')}

- [${t('llms.guide')}](${b}/markdown/developers.md): ${t('llms.guideAbout')}
- [${t('llms.openapi')}](${b}/agent/openapi.json): ${t('llms.openapiAbout')}
- [${t('llms.openapiV1')}](${b}/agent/v1/openapi.json): ${t('llms.openapiV1About')}
- [${t('llms.serverCard')}](${serverCardUrl(config)}): ${t('llms.serverCardAbout', { mcp: config.mcpUrl })}
- [${t('llms.auth')}](${b}/auth.md): ${keyed.length === 0 ? t('llms.authNone') : t('llms.authKeyed', { tools: keyed.join(', ') })}
- [${t('nav.audit')}](${b}/markdown/audit.md): ${t('llms.auditAbout', { api: code('POST /agent/audits') })}
- [${t('llms.ask')}](${b}/developers#ask-nlweb): ${t('llms.askAbout', { example: code(example) })}

## Optional

${others.map(link).join('\n')}
- [${t('llms.apiCatalog')}](${b}/.well-known/api-catalog): ${t('llms.apiCatalogAbout')}
- [${t('llms.skills')}](${b}/.well-known/agent-skills/index.json): ${t('llms.skillsAbout')}
`;
}

export function llmsFullTxt(config: Config, content: ContentCatalog, pages: ServedPage[]): string {
  const parts = pages.map(
    ({ page, markdown }) =>
      `<!-- source: ${pageUrls(config.baseUrl, page).url} -->\n\n${absolutizeLinks(markdown, config.baseUrl).trim()}\n`,
  );
  const lead = [content.site.tagline, content.valueProposition].filter(Boolean).join(' ');
  const fit = content.site.fit ? `${content.site.fit}\n\n` : '';
  return `# ${content.site.brandName}\n\n> ${lead}\n\n${fit}---\n\n${parts.join('\n---\n\n')}`;
}
