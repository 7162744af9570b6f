// The ask of a site in several languages: a question is answered from the pages in its language when
// the site has it (question-language.ts), else from the default language's, each entry once either way.
// Each other language's search and ask are built on its first question.
import type { ContentCatalog } from '../content/catalog.ts';
import { type Ask, type AskDeps, createAsk } from './engine.ts';
import { questionLanguage } from './question-language.ts';

export function createLanguageAsk(deps: AskDeps): Ask {
  const { content, baseUrl } = deps;
  const asks = new Map<string, Ask>([[content.site.language, createAsk(deps)]]);
  if (content.site.languages.length < 2) return asks.get(content.site.language)!;
  const askIn = (language: string): Ask => {
    let ask = asks.get(language);
    if (!ask) {
      const view: ContentCatalog = content.inLanguage(language);
      ask = createAsk({ content: view, search: deps.search.inLanguage(language), baseUrl });
      asks.set(language, ask);
    }
    return ask;
  };
  return (input) => {
    const query = typeof input?.query === 'string' ? input.query : '';
    return askIn(questionLanguage(content, query))(input);
  };
}
