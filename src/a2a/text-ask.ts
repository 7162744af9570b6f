// Answers a plain-text message from the site search (no LLM): the best pages and case studies with
// their links, and the skills to call for more. The question is bounded like the MCP search inputs.
import * as z from 'zod';
import type { ContentCatalog } from '../domain/content/catalog.ts';
import { pageUrls } from '../domain/content/urls.ts';
import type { SearchHit, SiteSearch } from '../domain/search/index.ts';
import { parseOrThrow } from '../domain/validation.ts';
import { capabilityNames } from '../capabilities/names.ts';
import type { SkillOutput } from './skills.ts';

export const textSchema = z.string().trim().min(1).max(500);

export interface TextAskDeps {
  config: { baseUrl: string };
  content: ContentCatalog;
  search: SiteSearch;
}

/** The answer to `text`; throws AppError invalid_request (field "text") when it is empty or too long. */
export function answerText(deps: TextAskDeps, text: string): SkillOutput {
  const query = parseOrThrow(textSchema, text, 'text');
  const names = capabilityNames(deps.content.site);
  const linked = (hit: SearchHit): Record<string, unknown> => {
    const { url, markdown_url: markdownUrl } = pageUrls(deps.config.baseUrl, hit);
    return { slug: hit.slug, title: hit.title, description: hit.description, url, markdownUrl };
  };
  const pages = deps.search.search(query, { kind: 'page', limit: 5 }).map(linked);
  const caseStudies = deps.search.search(query, { kind: 'case-study', limit: 5 }).map(linked);
  const next = [
    { skill: names.getPage, input: { slug: String(pages[0]?.slug ?? caseStudies[0]?.slug ?? 'about') }, for: 'a page above as markdown' },
    { skill: names.searchCaseStudies, input: { query }, for: 'more case studies' },
    { skill: names.matchServices, input: { challenge: query }, for: 'the services that fit a challenge' },
    { skill: names.getSiteIndex, input: {}, for: 'every page of the site' },
    { skill: names.sendEnquiry, input: { fromName: '…', fromEmail: '…', message: '…' }, for: 'contacting the agency (with the user\'s consent)' },
  ];
  const line = (hit: Record<string, unknown>): string => `- ${String(hit.title)}: ${String(hit.description)} ${String(hit.url)} (slug ${String(hit.slug)})`;
  const lines = [`# ${deps.content.site.brandName}: best matches for "${query}"`];
  if (pages.length === 0 && caseStudies.length === 0) lines.push('', 'Nothing on the site matches these words.');
  if (pages.length > 0) lines.push('', '## Pages', ...pages.map(line));
  if (caseStudies.length > 0) lines.push('', '## Case studies', ...caseStudies.map(line));
  lines.push('', '## For more, send a data part {"skill": "<id>", "input": {…}}',
    ...next.map((n) => `- ${n.skill} for ${n.for}, e.g. ${JSON.stringify({ skill: n.skill, input: n.input })}`));
  return { structured: { query, pages, caseStudies, next }, text: lines.join('\n') };
}
