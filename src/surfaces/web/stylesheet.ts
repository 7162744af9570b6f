// The site's one stylesheet as a same-origin file whose name carries a hash of its content, so a
// browser fetches it once and keeps it (immutable) while pages stay small, and a changed
// stylesheet is a new URL that no cache can confuse with the old one. Being a file, not an inline
// <style>, lets the page CSP allow styles from 'self' only: no inline style can be injected.
// The light theme's accent is the content's brand colour (site.yaml `brandColour`).
import { createHash } from 'node:crypto';
import { reportStyles } from './audit/report-styles.ts';
import { styles } from './styles.ts';

export interface Stylesheet {
  css: string;
  /** Where every page links it. */
  path: string;
}

const made = new Map<string, Stylesheet>();

/** The stylesheet for a brand colour, made once per colour (a site has one). */
export function siteStylesheet(brandColour: string): Stylesheet {
  let sheet = made.get(brandColour);
  if (!sheet) {
    // The stylesheet is written with the demo's accent, #1d4ed8, in the light theme.
    const css = (styles + reportStyles).replace(/(--(?:accent|figure):)#1d4ed8/g, `$1${brandColour.toLowerCase()}`);
    const digest = createHash('sha256').update(css).digest('hex').slice(0, 16);
    sheet = { css, path: `/assets/site-${digest}.css` };
    made.set(brandColour, sheet);
  }
  return sheet;
}

export const stylesheetType = 'text/css; charset=utf-8';
/** A year, immutable: the URL changes whenever the content does. */
export const stylesheetCacheControl = 'public, max-age=31536000, immutable';
