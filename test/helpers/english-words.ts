// What tells an English word of the site on a page of another language: the English catalogue's own
// words (each stretch of a message between its placeholders and tags, of two words or one long
// word) that the German catalogue never uses, and a page's text as a reader meets it.
import { de } from '../../src/domain/language/catalogues/de.ts';
import { en } from '../../src/domain/language/catalogues/en.ts';

const germanText = Object.values(de).join('\n');

export const englishWords: readonly string[] = [
  ...new Set(
    Object.values(en)
      .flatMap((message) => message.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}|<\/?[a-z]+>|[():·]/))
      .map((part) => part.replace(/[.,;?!“”→←]/g, ' ').trim())
      .filter((part) => (part.includes(' ') || part.length >= 6) && /[a-z]/.test(part) && !germanText.includes(part)),
  ),
];

/** What a reader meets on a page: its text and the labels read aloud, without markup or the JSON-LD. */
export function readable(page: string): string {
  const labels = [...page.matchAll(/aria-label="([^"]*)"/g)].map((match) => match[1]);
  const text = page
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ');
  return `${text} ${labels.join(' ')}`.replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/\s+/g, ' ');
}

/** The English words of the site that `page` shows. */
export function englishOn(page: string): string[] {
  const text = readable(page);
  return englishWords.filter((words) => new RegExp(`\\b${words}\\b`).test(text));
}
