// The noindex directives of a page, as crawlers read them from `<meta name="robots">` (or a crawler's
// own meta name) and the X-Robots-Tag header: `noindex` or `none`, for every crawler or one of them
// (`X-Robots-Tag: googlebot: noindex`, where the named crawler holds until the next one is named).
// Several X-Robots-Tag headers arrive joined into one value, so a directive for all crawlers sent in
// a header after one naming a crawler is read as that crawler's (a warning, not a failure).

/** One place robots directives were given: where, for whom (`robots` and the header speak to all), and what. */
export interface DirectiveSource {
  source: string;
  name: string;
  content: string;
}

export interface Noindex {
  source: string;
  /** The crawler the directive is aimed at; undefined when it is aimed at every crawler. */
  agent?: string;
  directive: string;
  /** The text it was read from. */
  value: string;
}

/** Directives that take a value after a colon, so their name is not a crawler's. */
const valuedDirectives = new Set(['unavailable_after', 'max-snippet', 'max-image-preview', 'max-video-preview']);
const forEveryone = new Set(['robots', 'x-robots-tag']);

/** Every noindex (or none) the sources give, in the order given. */
export function noindexFrom(sources: readonly DirectiveSource[]): Noindex[] {
  const found: Noindex[] = [];
  for (const { source, name, content } of sources) {
    let agent = forEveryone.has(name) ? undefined : name;
    for (const part of content.toLowerCase().split(',')) {
      let directive = part.trim();
      const named = /^([a-z0-9_.-]+)\s*:\s*(.*)$/.exec(directive);
      if (named && !valuedDirectives.has(named[1]!) && name === 'x-robots-tag') {
        agent = named[1]!;
        directive = named[2]!.trim();
      }
      if (directive === 'noindex' || directive === 'none')
        found.push({ source, directive, value: content, ...(agent !== undefined && { agent }) });
    }
  }
  return found;
}
