// The site's one stylesheet as a same-origin file whose name carries a hash of its content, so a
// browser fetches it once and keeps it (immutable) while pages stay small, and a changed
// stylesheet is a new URL that no cache can confuse with the old one. Being a file, not an inline
// <style>, lets the page CSP allow styles from 'self' only: no inline style can be injected.
import { createHash } from 'node:crypto';
import { styles } from './styles.ts';

const digest = createHash('sha256').update(styles).digest('hex').slice(0, 16);

/** Where every page links the stylesheet. */
export const stylesheetPath = `/assets/site-${digest}.css`;
export const stylesheetType = 'text/css; charset=utf-8';
/** A year, immutable: the URL changes whenever the content does. */
export const stylesheetCacheControl = 'public, max-age=31536000, immutable';
export { styles as stylesheet };
