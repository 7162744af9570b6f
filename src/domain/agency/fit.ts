// Decides whether a query is inside the agency's fit, so tools can say plainly "outside our fit"
// instead of forcing a match. Which phrases decide is content (site.yaml `fitRule`); this file only
// turns them into one matcher, once at start-up.
import type { FitRule, SiteConfig } from '../content/types.ts';
import type { UiText } from '../language/ui-text.ts';
import { analyzerFor } from '../search/language.ts';

export interface FitAssessment {
  inFit: boolean;
  /** Set when outside the fit: the signal that was recognised, as the query wrote it. */
  signal?: string;
}

export type FitCheck = (query: string) => FitAssessment;

/**
 * One case-insensitive regular expression for a list of phrases: whole words, a hyphen matching a
 * hyphen, a space or nothing ("e-commerce", "ecommerce"), a space any run of spaces or hyphens, and
 * a trailing "s" allowed (plurals). Undefined for an empty list.
 */
function phraseMatcher(phrases: string[]): RegExp | undefined {
  if (phrases.length === 0) return undefined;
  const alternatives = phrases.map(
    (phrase) =>
      `${phrase
        .trim()
        .toLowerCase()
        .split(/\s+/)
        .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/-/g, '[- ]?'))
        .join('[\\s-]+')}s?`,
  );
  // Not \b: a phrase may begin or end with punctuation ("c++"), and must still stand alone.
  return new RegExp(`(?<!\\w)(?:${alternatives.join('|')})(?!\\w)`, 'i');
}

/** Endings a German noun takes in a sentence ("Endverbraucher·n", "Privatkunde·n", "Maschinenbau·er"). */
const germanEndings = '(?:e|en|n|er|ern|es|s|nen|innen)?';
/** Each folded letter and the letters a German text may write for it. */
const germanLetters: Record<string, string> = { a: '[aä]', o: '[oö]', u: '[uü]' };

/**
 * The German reading of a list of phrases: umlauts written or not ("Möbel", "Mobel"), ß or ss, the
 * endings of the words' cases and plurals, and a compound ending in the phrase ("Endverbraucher"
 * finds "Verbraucher", "Damenmode" finds "Mode"). Undefined for an empty list.
 */
function germanPhraseMatcher(phrases: string[]): RegExp | undefined {
  if (phrases.length === 0) return undefined;
  const { fold } = analyzerFor('de');
  const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const letters = (word: string): string =>
    (fold(word).match(/ss|./gu) ?? [])
      .map((part) => (part === 'ss' ? '(?:ss|ß)' : part === '-' ? '[- ]?' : (germanLetters[part] ?? literal(part))))
      .join('');
  const alternatives = phrases.map(
    (phrase) => `(?:\\p{L}{3,})?${phrase.trim().split(/\s+/).map(letters).join('[\\s-]+')}${germanEndings}`,
  );
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'iu');
}

/**
 * Compiles the content's fit rule, read in the content's language (English phrases as written, with
 * a plural "s"; German ones as germanPhraseMatcher reads them). With no rule, every query is in fit:
 * the content claims no limit.
 */
export function compileFitRule(rule: FitRule, language = 'en'): FitCheck {
  const matcher = analyzerFor(language).language === 'de' ? germanPhraseMatcher : phraseMatcher;
  const outside = matcher(rule.outside);
  const usually = matcher(rule.usuallyOutside);
  const inside = matcher(rule.inside);
  return (query) => {
    const hit = outside?.exec(query);
    if (hit) return { inFit: false, signal: hit[0] };
    const weak = usually?.exec(query);
    if (weak && !inside?.test(query)) return { inFit: false, signal: weak[0] };
    return { inFit: true };
  };
}

/** `text` followed by the agency's fit statement, when the content has one (a gap leaves it out). */
export function withFit(text: string, site: Pick<SiteConfig, 'fit'>): string {
  return site.fit ? `${text} ${site.fit.trim()}` : text;
}

/** The sentence tools return for an out-of-fit query. */
export function outsideFitMessage(
  content: { site: Pick<SiteConfig, 'brandName' | 'fit'>; ui: UiText },
  signal: string | undefined,
): string {
  const { site, ui } = content;
  const why = signal ? ui.text('fit.mentions', { signal }) : '';
  return ui.text('fit.outside', { brand: site.brandName, why, fit: site.fit ?? '' });
}
