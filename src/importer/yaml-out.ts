// Writing YAML the content loader reads back: js-yaml for the values (quoting, escaping), with the
// gaps as comments the operator finds by searching for "GAP".
import { dump } from 'js-yaml';

export interface Gap {
  file: string;
  field: string;
  why: string;
}

/** The marker every gap carries in the files, so `grep -rn GAP <folder>` lists them. */
export const gapMark = 'GAP (agentsite import):';

/**
 * A gap's value: "TODO: <what is needed>". The content loader reads a TODO-marked value as absent
 * (src/domain/content/gaps.ts), so nothing publishes it; content:check lists it until it is filled.
 */
export function todo(what: string): string {
  return `TODO: ${what}`;
}

/** One top-level field, with a GAP comment above it when it is a gap. */
export function field(key: string, value: unknown, gap?: string): string {
  return `${gap ? `# ${gapMark} ${gap}\n` : ''}${yaml({ [key]: value })}`;
}

export function yaml(value: unknown): string {
  return dump(value, { lineWidth: -1, noRefs: true, quotingType: '"' });
}

/** A markdown file with front matter; GAP comments go inside the front matter. */
export function markdownFile(frontMatter: string, body: string): string {
  return `---\n${frontMatter}---\n\n${body.trim()}\n`;
}
