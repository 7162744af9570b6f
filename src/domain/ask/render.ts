// The ask's answer as markdown, for the bindings that answer in text (an MCP tool's text, an A2A
// message): the opening sentence, each result with the page it comes from, and how to enquire, in
// the site's language.
import type { UiText } from '../language/ui-text.ts';
import type { AskAnswer } from './schema.ts';

export function renderAnswer(answer: AskAnswer, ui: UiText): string {
  const lines = [`# ${answer.query}`, '', answer.message];
  if (answer.fit.inFit) {
    for (const result of answer.results) {
      const facts = result.facts
        ? ` (${[result.facts.industry, result.facts.companySize, result.facts.services.join(', ')].filter(Boolean).join('; ')})`
        : '';
      const { name, description, url, markdownUrl } = result;
      lines.push(ui.text('answers.result', { name, facts, description, url, markdownUrl }));
    }
  } else {
    lines.push('', ui.text('answers.source', { url: answer.results[0]?.url ?? '' }));
  }
  lines.push('', ui.text('answers.enquire', { api: answer.enquiry.api, url: answer.enquiry.url }));
  return lines.join('\n');
}

/** The ask as a protocol-free call: structured output (valid for askOutputSchema) and its text. */
export function askResult(answer: AskAnswer, ui: UiText): { structured: AskAnswer; text: string } {
  return { structured: answer, text: renderAnswer(answer, ui) };
}
