// What a question asks without naming it: "Seit wann gibt es Sie?" is all stop words, and still asks
// when the company was founded; "where are you?" asks for an address; "who runs the firm?" for its
// founders and managers; "how long does it take?" for a duration. Each pattern of a language brings
// the words a site writes for that answer into the search, beside the question's own words. Like the
// related words they are general business vocabulary, by language, not any site's content. They are
// searched even where a question's own word would be filler: "clients" says nothing in "case studies
// for clients in fintech", and is the answer to "which clients have you worked for?".

/** A question pattern (on the lower-cased question) and the words its answer is written in. */
type Intent = readonly [pattern: RegExp, words: readonly string[]];

const founding = {
  en: ['founded', 'founder', 'started', 'established', 'created', 'history', 'years'],
  de: ['gegründet', 'gründung', 'gründer', 'gründete', 'geschichte', 'jahre', 'jahren'],
};
const place = {
  en: ['office', 'address', 'located', 'headquarters', 'visit', 'directions'],
  de: ['standort', 'sitz', 'adresse', 'anschrift', 'büro', 'besuch'],
};
const leaders = {
  en: ['founder', 'owner', 'partners', 'ceo', 'director', 'managing', 'team'],
  de: ['gründer', 'inhaber', 'gesellschafter', 'geschäftsführer', 'geschäftsführung', 'vorstand', 'team'],
};
const clients = {
  en: ['clients', 'customers', 'worked'],
  de: ['kunden', 'auftraggeber', 'referenzen', 'ausgewählte'],
};
const praise = {
  en: ['testimonial', 'recommend', 'said', 'says', 'feedback', 'quote'],
  de: ['kundenstimme', 'kundenstimmen', 'empfehlen', 'zufrieden', 'feedback', 'bewertung'],
};
const duration = {
  en: ['duration', 'weeks', 'months', 'days', 'timeline', 'runs'],
  de: ['dauer', 'laufzeit', 'wochen', 'monate', 'tage', 'zeitraum'],
};

const intents: Record<string, readonly Intent[]> = {
  en: [
    [
      /\b(?:when|what year)\b.*\b(?:found|start|establish|set up|creat|begin|began)|\bhow old\b|\bhow long have\b/,
      founding.en,
    ],
    [/\bwhere\b.*\b(?:you|your|office|offices|based|located|find)\b/, place.en],
    [/\bwho\b.*\b(?:runs?|leads?|owns?|behind|started|founded|manages?|in charge)\b/, leaders.en],
    [/\bhow long\b.*\b(?:take|takes|last|lasts|run|runs|does|is|will|would)\b/, duration.en],
    [
      /\b(?:which|what) (?:clients|customers|companies|brands)\b|\bwho\b.*\b(?:worked (?:for|with)|your clients)\b/,
      clients.en,
    ],
    [/\b(?:clients|customers)\b.*\b(?:say|said|think)\b|\btestimonials?\b|\breviews? (?:of|from)\b/, praise.en],
  ],
  de: [
    [/\bseit wann\b|\bwann\b.*\bgegründet|\bwie (?:lange|alt)\b.*\b(?:gibt es|existier|besteh)/, founding.de],
    [/\bwo\b.*(?:sitz|finde|sind sie|seid ihr|büro|standort|befinde)/, place.de],
    [/\bwer\b.*\b(?:führt|leitet|gehört|gegründet|steckt|steht hinter|inhaber)|\bwem gehört\b/, leaders.de],
    [/\bwie lange\b.*\b(?:dauert|läuft|dauern|laufen|braucht)|\bwie viel zeit\b/, duration.de],
    [/\bfür (?:welche|wen)\b.*\b(?:firmen|unternehmen|kunden|gearbeitet)|\bwelche kunden\b/, clients.de],
    [/\bkunden\b.*\b(?:sagen|meinen|denken|sagten)\b|\bkundenstimmen\b|\bbewertungen\b/, praise.de],
  ],
};

/** The words a question in `language` implies, in the order of its intents (none for an unknown language). */
export function impliedWords(question: string, language: string): string[] {
  const lower = question.toLowerCase();
  return (intents[language] ?? []).flatMap(([pattern, words]) => (pattern.test(lower) ? words : []));
}
