// The HTML template tag every page is written with (hono's `html`): each interpolated value is
// escaped unless it is itself a fragment, so page code never escapes by hand.
import { html as honoHtml, raw } from 'hono/html';

/** A fragment of HTML, placed as it is in another template (a String object carrying a flag). */
export type Html = ReturnType<typeof raw>;

/**
 * Tags a template: strings are escaped (`&<>"'`), numbers written, `null`, `undefined` and booleans
 * left out, fragments and arrays of fragments placed unescaped.
 * @example html`<a href="${url}">${label}</a>`
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  const fragment = honoHtml(strings, ...values);
  // The result is asynchronous only when a value is a Promise; pages await their data first.
  if (fragment instanceof Promise) throw new TypeError('html: a Promise was placed in a template; await it first');
  return fragment;
}

/** Fragments one after the other: long markup split into readable lines without adding whitespace. */
export function concatHtml(...parts: Html[]): Html {
  return html`${parts}`;
}

/**
 * Marks markup that is safe by construction (a trusted renderer's output) as a fragment: the one way
 * past escaping. Every caller says why its markup is safe.
 */
export function trustedHtml(markup: string): Html {
  return raw(markup);
}

/** The page as a primitive string, the form a reply sends and a cache keeps. */
export function pageText(page: Html): string {
  return page.toString();
}
