// The product's related-word groups, by language: words a buyer uses for the same thing when
// describing a marketing or sales problem. They are general business vocabulary, not any agency's
// content; an agency adds its own trade's words in its content (synonyms.yaml).
import { de } from './de.ts';
import { en } from './en.ts';

const groups: Record<string, readonly (readonly string[])[]> = { en, de };

export function relatedGroups(language: string): readonly (readonly string[])[] {
  return groups[language] ?? [];
}
