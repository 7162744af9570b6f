// The language of a page and of the site. A page says it in `<html lang>`, else in the `hreflang`
// alternate that names the page itself, else in its Content-Language header, else its text tells: the share of its words that are the commonest
// function words of each language. The site's language is its home page's; the others its pages are
// written in (an English mirror under /en/) are its translations.

/** The commonest short words of each language, which any page of prose in it is full of. */
const functionWords: Record<string, ReadonlySet<string>> = {
  de: new Set(
    'der die das und ist nicht mit für auf dem den ein eine einer zu von sie wir ihr ich auch im sind wird werden bei oder wie über unsere unser'.split(
      ' ',
    ),
  ),
  en: new Set('the and is are of to in for with that this you we our your on by from as be it an at or'.split(' ')),
  fr: new Set('le la les et est des du un une pour dans avec que qui nous vous sur au aux ce'.split(' ')),
  es: new Set('el la los las y es de del un una para con que por en nuestro nuestra su al se'.split(' ')),
  nl: new Set('de het een en is van voor met op dat die wij ons onze niet zijn te aan bij'.split(' ')),
  it: new Set('il lo la gli le e è di del della un una per con che non sono nel al'.split(' ')),
};

/** A tag as the site declares it, canonical ("de-de" → "de-DE"), or undefined when it is no tag. */
export function languageTag(value: string | undefined): string | undefined {
  const tag = value?.split(',')[0]?.trim().replace(/_/g, '-');
  if (!tag || tag === '*' || /^x-/i.test(tag)) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/** The language its words say, when at least 8 % of 40 words or more are one language's function words. */
export function languageOfText(text: string): string | undefined {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (words.length < 40) return undefined;
  let best: [string, number] | undefined;
  for (const [language, set] of Object.entries(functionWords)) {
    const share = words.filter((word) => set.has(word)).length / words.length;
    if (share >= 0.08 && (!best || share > best[1])) best = [language, share];
  }
  return best?.[0];
}

/** A page's language: `<html lang>`, then its own hreflang alternate, then Content-Language, then its text. */
export function pageLanguage(page: {
  lang?: string;
  ownAlternate?: string | undefined;
  contentLanguage?: string;
  text: string;
}): string | undefined {
  return (
    languageTag(page.lang) ??
    languageTag(page.ownAlternate) ??
    languageTag(page.contentLanguage) ??
    languageOfText(page.text)
  );
}

/** The primary subtag ("de-DE" → "de"): the site's languages are written by it. */
export function primaryLanguage(tag: string): string {
  return tag.split('-')[0]!.toLowerCase();
}
