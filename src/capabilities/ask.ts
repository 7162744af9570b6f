// NLWeb's ask as a capability: a question in plain words answered from the site's content, its
// industry, company size and service honoured as filters and the fit rule first (src/domain/ask).
// The MCP tool keeps NLWeb's own name, `ask`, so an NLWeb client finds it without the site's prefix.
import { withFit } from '../domain/agency/fit.ts';
import { exampleQuestion } from '../domain/ask/example.ts';
import { questionLanguage } from '../domain/ask/question-language.ts';
import { askResult } from '../domain/ask/render.ts';
import { askInputSchema, askOutputSchema } from '../domain/ask/schema.ts';
import { defineCapability, noAuthentication, readHints, type Capability } from './capability.ts';
import type { CatalogDeps } from './deps.ts';
import type { CapabilityNames } from './names.ts';

export function askCapability({ content, ask }: CatalogDeps, names: CapabilityNames): Capability {
  const brand = content.site.brandName;
  const question = exampleQuestion(content);
  return defineCapability({
    key: 'ask',
    name: names.ask,
    title: 'Ask (NLWeb)',
    description:
      `Ask ${brand}'s site a question in plain words (NLWeb's ask); the answer comes from the site's own ` +
      'content, best first, each result with the page it comes from. An industry the case studies name, a company ' +
      'size ("above 50M", "under 20M", "between 20M and 60M") and a service named in the question are filters, not ' +
      withFit('words to match. A question outside the fit is told so, and why.', content.site),
    input: askInputSchema,
    output: askOutputSchema,
    budget: 'read',
    authentication: noAuthentication,
    hints: readHints,
    a2aSkill: true,
    stable: true,
    examples: [{ query: question }],
    prompts: [`Ask: ${question}`],
    tags: ['ask', 'nlweb', 'search', 'case-studies'],
    askReading: {
      query: 'query',
      source: 'ask',
      results: (output) => output.total,
      outOfFit: (output) => !output.fit.inFit,
    },
    // The answer is worded in the language it was given in: the question's, where the site has it.
    handle: (input) => askResult(ask(input), content.inLanguage(questionLanguage(content, input.query)).ui),
  });
}
