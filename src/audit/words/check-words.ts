// The words of the audit's findings and fixes, in the report's language. Each check keeps its own
// sentences beside it (en and de, the same keys, ICU MessageFormat through FormatJS's
// intl-messageformat, so counts take the language's plurals); a check takes its sayer for
// `ctx.language`. A language without sentences of its own reads the English ones. Tags are left as
// text: a fix may quote markup such as `<link rel="canonical">`.
import { IntlMessageFormat } from 'intl-messageformat';
import { type ShippedLanguage, wordsFor } from '../../domain/language/shipped.ts';

/** One check's sentences: every key in English and in German. */
export type CheckWords<K extends string> = Record<ShippedLanguage, Record<K, string>>;

/** A value a sentence places: a word, a quoted value or a count. */
export type WordValue = string | number;

/** Says sentence `key` with `values` placed, in the language it was made for. */
export type Say<K extends string> = (key: K, values?: Record<string, WordValue>) => string;

/** A check's sayer for a language, and the sentences it says (which a test reads whole). */
export interface WordsOf<K extends string> {
  (language: string | undefined): Say<K>;
  readonly sentences: CheckWords<K>;
}

/**
 * A check's sentences, compiled on first use per language.
 * @example const words = checkWords({ en: { missing: '{path} answers {status}' }, de: { missing: '{path} antwortet mit {status}' } });
 * words('de')('missing', { path: '/llms.txt', status: 404 });
 */
export function checkWords<K extends string>(words: CheckWords<K>): WordsOf<K> {
  const sayers = new Map<ShippedLanguage, Say<K>>();
  const sayer = (language = 'en'): Say<K> => {
    // The shipped language's sentences in its own locale: "de-AT" reads German, "fr" English plurals.
    const { shipped, locale } = wordsFor(wordsFor(language).shipped);
    let say = sayers.get(shipped);
    if (!say) {
      const compiled = new Map<K, IntlMessageFormat>();
      say = (key, values) => {
        let message = compiled.get(key);
        if (!message)
          compiled.set(
            key,
            (message = new IntlMessageFormat(words[shipped][key], locale, undefined, { ignoreTag: true })),
          );
        return String(message.format(values));
      };
      sayers.set(shipped, say);
    }
    return say;
  };
  return Object.assign(sayer, { sentences: words });
}
