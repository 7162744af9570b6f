// Answers a plain-text message with the ask (src/domain/ask, no LLM): the question's industry,
// company size and service are honoured as filters, the fit rule speaks first, and each result links
// the page it comes from; then the skills to call for more. The question is bounded like the MCP inputs.
import * as z from 'zod';
import type { Ask } from '../../domain/ask/engine.ts';
import { renderAnswer } from '../../domain/ask/render.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import { parseOrThrow } from '../../domain/validation.ts';
import { capabilityNames } from '../../capabilities/catalog.ts';
import type { SkillOutput } from './skills.ts';

export const textSchema = z.string().trim().min(1).max(500);

export interface TextAskDeps {
  content: ContentCatalog;
  ask: Ask;
}

/** The answer to `text`; throws AppError invalid_request (field "text") when it is empty or too long. */
export function answerText(deps: TextAskDeps, text: string): SkillOutput {
  const query = parseOrThrow(textSchema, text, 'text');
  const names = capabilityNames(deps.content.site);
  const answer = deps.ask({ query });
  const first = answer.results.find((result) => result.kind !== 'fit');
  const next = [
    {
      skill: names.getPage,
      input: { slug: first ? slugOf(first.markdownUrl) : 'about' },
      for: 'a page above as markdown',
    },
    { skill: names.searchCaseStudies, input: { query }, for: 'more case studies' },
    { skill: names.matchServices, input: { challenge: query }, for: 'the services that fit a challenge' },
    { skill: names.getSiteIndex, input: {}, for: 'every page of the site' },
    {
      skill: names.sendEnquiry,
      input: { fromName: '…', fromEmail: '…', message: '…' },
      for: "contacting the agency (with the user's consent)",
    },
  ];
  const lines = [
    renderAnswer(answer).replace(/^# .*/, `# ${deps.content.site.brandName}: answers to "${query}"`),
    '',
    '## For more, send a data part {"skill": "<id>", "input": {…}}',
    ...next.map((n) => `- ${n.skill} for ${n.for}, e.g. ${JSON.stringify({ skill: n.skill, input: n.input })}`),
  ];
  return { structured: { ...answer, next }, text: lines.join('\n') };
}

/** The page slug get_page takes, from a page's markdown address ("…/markdown/services/seo.md"). */
function slugOf(markdownUrl: string): string {
  return /\/markdown\/(.+)\.md$/.exec(markdownUrl)?.[1] ?? 'about';
}
