// Answers a plain-text message with the ask (src/domain/ask, no LLM): the question's industry,
// company size and service are honoured as filters, the fit rule speaks first, and each result links
// the page it comes from; then the skills to call for more, all in the site's language. The question
// is bounded like the MCP inputs.
import * as z from 'zod';
import type { Ask } from '../../domain/ask/engine.ts';
import { renderAnswer } from '../../domain/ask/render.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { UiKey } from '../../domain/language/ui-text.ts';
import { parseOrThrow } from '../../domain/validation.ts';
import { capabilityNames } from '../../capabilities/catalog.ts';
import type { SkillOutput } from './skills.ts';

export const textSchema = z.string().trim().min(1).max(500);

export interface TextAskDeps {
  content: ContentCatalog;
  ask: Ask;
}

/** The shape of a skill call, as the answer shows it. */
const skillCallShape = '{"skill": "<id>", "input": {…}}';

/** The answer to `text`; throws AppError invalid_request (field "text") when it is empty or too long. */
export function answerText(deps: TextAskDeps, text: string): SkillOutput {
  const query = parseOrThrow(textSchema, text, 'text');
  const { ui, site } = deps.content;
  const names = capabilityNames(site);
  const answer = deps.ask({ query });
  const first = answer.results.find((result) => result.kind !== 'fit');
  const purpose = (key: UiKey): string => ui.text(key);
  const next = [
    {
      skill: names.getPage,
      input: { slug: first ? slugOf(first.markdownUrl) : 'about' },
      for: purpose('answers.next.page'),
    },
    { skill: names.searchCaseStudies, input: { query }, for: purpose('answers.next.caseStudies') },
    { skill: names.matchServices, input: { challenge: query }, for: purpose('answers.next.services') },
    { skill: names.getSiteIndex, input: {}, for: purpose('answers.next.siteIndex') },
    {
      skill: names.sendEnquiry,
      input: { fromName: '…', fromEmail: '…', message: '…' },
      for: purpose('answers.next.enquiry'),
    },
  ];
  const heading = `# ${ui.text('answers.heading', { brand: site.brandName, query })}`;
  const lines = [
    // A function replacement: the question is placed as written, whatever "$" patterns it holds.
    renderAnswer(answer, ui).replace(/^# .*/, () => heading),
    '',
    ui.text('answers.more', { shape: skillCallShape }),
    ...next.map((n) =>
      ui.text('answers.next', {
        skill: n.skill,
        purpose: n.for,
        example: JSON.stringify({ skill: n.skill, input: n.input }),
      }),
    ),
  ];
  return { structured: { ...answer, next }, text: lines.join('\n') };
}

/** The page slug get_page takes, from a page's markdown address ("…/markdown/services/seo.md"). */
function slugOf(markdownUrl: string): string {
  return /\/markdown\/(.+)\.md$/.exec(markdownUrl)?.[1] ?? 'about';
}
