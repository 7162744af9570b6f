// A page as agents read it: its markdown with its title as a heading.

/** The page markdown with its title as a heading, unless the body already opens with one. */
export function withTitle(title: string, body: string): string {
  return /^\s*# /.test(body) ? body : `# ${title}\n\n${body}`;
}
