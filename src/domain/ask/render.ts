// The ask's answer as markdown, for the bindings that answer in text (an MCP tool's text, an A2A
// message): the opening sentence, each result with the page it comes from, and how to enquire.
import type { AskAnswer } from './schema.ts';

export function renderAnswer(answer: AskAnswer): string {
  const lines = [`# ${answer.query}`, '', answer.message];
  if (answer.fit.inFit) {
    for (const result of answer.results) {
      const facts = result.facts
        ? ` (${[result.facts.industry, result.facts.companySize, result.facts.services.join(', ')].filter(Boolean).join('; ')})`
        : '';
      lines.push(`- **${result.name}**${facts}: ${result.description} ${result.url} (markdown: ${result.markdownUrl})`);
    }
  } else {
    lines.push('', `Source: ${answer.results[0]?.url ?? ''}`);
  }
  lines.push(
    '',
    `To enquire, with the user's consent: POST ${answer.enquiry.api}, or the form at ${answer.enquiry.url}.`,
  );
  return lines.join('\n');
}

/** The ask as a protocol-free call: structured output (valid for askOutputSchema) and its text. */
export function askResult(answer: AskAnswer): { structured: AskAnswer; text: string } {
  return { structured: answer, text: renderAnswer(answer) };
}
