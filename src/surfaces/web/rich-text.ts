// A message of the site's words with markup around some of them ("Try the <home>home page</home>"):
// each tag becomes the element the page gives it, and every word is escaped by the `html` tag.
import type { UiKey, UiText, UiValue } from '../../domain/language/ui-text.ts';
import { html, type Html } from '../../kernel/html-template.ts';

/** What wraps the words inside one tag of a message, e.g. `(words) => html\`<a href="/">${words}</a>\``. */
export type TagMarkup = (words: Html) => Html;

export function richText(
  ui: UiText,
  key: UiKey,
  values: Record<string, UiValue>,
  tags: Record<string, TagMarkup>,
): Html {
  const wrapped = Object.fromEntries(
    Object.entries(tags).map(([name, wrap]) => [name, (chunks: (string | Html)[]) => wrap(html`${chunks}`)]),
  );
  return html`${ui.parts<Html>(key, { ...values, ...wrapped })}`;
}
