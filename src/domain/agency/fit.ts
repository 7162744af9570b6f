// Decides whether a query is inside the agency's fit, so tools can say plainly "outside our fit"
// instead of forcing a match. Which phrases decide is content (site.yaml `fitRule`); this file only
// turns them into one matcher, once at start-up.
import type { FitRule } from '../content/types.ts';

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

/** Compiles the content's fit rule. With no rule, every query is in fit: the content claims no limit. */
export function compileFitRule(rule: FitRule): FitCheck {
  const outside = phraseMatcher(rule.outside);
  const usually = phraseMatcher(rule.usuallyOutside);
  const inside = phraseMatcher(rule.inside);
  return (query) => {
    const hit = outside?.exec(query);
    if (hit) return { inFit: false, signal: hit[0] };
    const weak = usually?.exec(query);
    if (weak && !inside?.test(query)) return { inFit: false, signal: weak[0] };
    return { inFit: true };
  };
}

/** The sentence tools return for an out-of-fit query. */
export function outsideFitMessage(brandName: string, fit: string, signal: string | undefined): string {
  const why = signal ? ` The request mentions "${signal}".` : '';
  return `This looks outside ${brandName}'s fit.${why} ${fit}`;
}
