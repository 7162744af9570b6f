// Identifiers made from the agency's words (its MCP server name, catalogue URNs, plugin and tool
// names, filter slugs): letters of any script are transliterated to ASCII first (ü → ue, ß → ss,
// Москва → moskva) by @sindresorhus/transliterate, so "Brückner & Hale" gives "brueckner-hale", not
// "br-ckner-hale". ASCII text gives the same identifier as before transliteration existed.
import transliterate from '@sindresorhus/transliterate';

/** `text` with every letter written in ASCII ("Über" → "Ueber"); ASCII text is returned as it is. */
export function transliterated(text: string): string {
  return transliterate(text);
}

/** `text` as lowercase ASCII letters and digits joined by `separator`; empty when nothing is left. */
export function identifierOf(text: string, separator = '-'): string {
  return transliterate(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^${separator}+|${separator}+$`, 'g'), '');
}

/**
 * The agency's own identifier: site.yaml `identifier` when set, else its transliterated brand name,
 * with `separator` between words ("brueckner-hale", "brueckner_hale").
 */
export function siteIdentifier(site: { brandName: string; identifier?: string }, separator = '-'): string {
  return identifierOf(site.identifier ?? site.brandName, separator);
}
