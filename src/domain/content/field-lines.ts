// Finds the line of a field in a YAML file or front matter, for content mistakes. A reading of the
// block style the content files use (one "key:" per line, "- " list items), not a YAML parser: when
// a step cannot be followed (a flow list such as `services: [a, b]`), the line reached so far is
// the answer, which is the line to look at.

/**
 * 1-based line, counted from the top of the file, of `path` (e.g. ["points", 3, "caseStudy"]);
 * undefined when not even its first step is found (a missing field has no line).
 * @param yamlStartLine the file line where the YAML starts (2 for front matter after "---").
 */
export function lineOfField(text: string, path: readonly PropertyKey[], yamlStartLine = 1): number | undefined {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  let cursor = yamlStartLine - 1;
  let found: number | undefined;
  for (const step of path) {
    const inside = found !== undefined;
    const next =
      typeof step === 'number' ? listItem(lines, cursor, step, inside) : keyLine(lines, cursor, String(step), inside);
    if (next === undefined) break;
    found = cursor = next;
  }
  return found === undefined ? undefined : found + 1;
}

/** The line of `key:` from `from` on (the same line too, for "- key:" items already reached). */
function keyLine(lines: string[], from: number, key: string, inside: boolean): number | undefined {
  const pattern = new RegExp(`^\\s*(?:-\\s+)*["']?${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']?\\s*:`);
  const indent = inside ? indentOf(lines[from] ?? '') : -1;
  for (let i = from; i < lines.length; i++) {
    const line = lines[i]!;
    if (i > from && inside && line.trim() && !line.trimStart().startsWith('#') && indentOf(line) <= indent)
      return undefined;
    if (pattern.test(line)) return i;
  }
  return undefined;
}

/**
 * The line of the `index`-th "- " item of the first list after `from`; `inside` keeps the search
 * within the block of the key on line `from` (whose items may share its indentation).
 */
function listItem(lines: string[], from: number, index: number, inside: boolean): number | undefined {
  const keyIndent = inside ? indentOf(lines[from] ?? '') : -1;
  let indent: number | undefined;
  let count = -1;
  for (let i = inside ? from + 1 : from; i < lines.length; i++) {
    const line = lines[i]!;
    const match = /^(\s*)-(?:\s|$)/.exec(line);
    if (
      inside &&
      line.trim() &&
      !line.trimStart().startsWith('#') &&
      (indentOf(line) < keyIndent || (indentOf(line) === keyIndent && !match))
    )
      return undefined;
    if (!match) continue;
    const at = match[1]!.length;
    indent ??= at;
    if (at < indent) return undefined;
    if (at === indent && ++count === index) return i;
  }
  return undefined;
}

function indentOf(line: string): number {
  return /^\s*/.exec(line)![0].length;
}

/** A field's path as content mistakes name it, e.g. `points[3].caseStudy`. */
export function formatPath(path: PropertyKey[]): string {
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index ? '.' : ''}${String(part)}`))
    .join('');
}
