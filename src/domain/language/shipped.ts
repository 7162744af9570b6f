// The languages the product ships its words in, and how any BCP 47 tag maps onto them: the site's
// UI text and the audit's findings follow this one rule, so a language reads the same everywhere.

/** Each shipped language, by primary subtag, with the locale its dates and numbers follow. */
const shippedLocales = {
  // British English: the site's English has always written dates "14 October 2026".
  en: 'en-GB',
  de: 'de-DE',
} as const;

export type ShippedLanguage = keyof typeof shippedLocales;

/**
 * The shipped words a tag reads ("de-AT" → de; "fr", which has none, → en) and the locale its dates
 * and numbers follow: a tag with a region, or without words of its own, keeps its own locale.
 * @example wordsFor('de-AT') // { shipped: 'de', locale: 'de-AT', own: true }
 */
export function wordsFor(language: string): { shipped: ShippedLanguage; locale: string; own: boolean } {
  const primary = language.split('-')[0]!.toLowerCase();
  const own = Object.hasOwn(shippedLocales, primary);
  const shipped = own ? (primary as ShippedLanguage) : 'en';
  return { shipped, own, locale: language.includes('-') || !own ? language : shippedLocales[shipped] };
}
