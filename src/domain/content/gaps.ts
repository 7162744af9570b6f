// Gaps: values the import could not fill, written as "TODO: <what is needed>" so the operator finds
// them. The one rule of the whole product: a TODO-marked value is absent. The loader takes every gap
// out of the parsed files before validation, so no surface can publish one, and lists each gap with
// its file and line for `content:check` (`--strict` fails while any is left) and the dashboard.
import { formatPath, lineOfField } from './field-lines.ts';

/** What marks a gap: a value (or a body paragraph) that starts with it. */
export const gapMarker = 'TODO';
const marked = new RegExp(`^\\s*${gapMarker}\\b`);

/** One gap left in the folder: where it is and what it needs. */
export interface ContentGap {
  file: string;
  /** The field (`stats[0].label`), or undefined when the whole file is a gap. */
  field: string | undefined;
  line: number | undefined;
  /** What is needed, from the marker's text ("how soon you reply to an enquiry"). */
  needs: string;
}

/** Whether a value is a gap: a string starting with the marker. */
export function isGap(value: unknown): value is string {
  return typeof value === 'string' && marked.test(value);
}

/** `contact.yaml:12 responseTime: how soon you reply`, the line content:check and the dashboard show. */
export function describeGap(gap: ContentGap): string {
  const where = gap.line === undefined ? gap.file : `${gap.file}:${gap.line}`;
  return `${where}${gap.field ? ` ${gap.field}` : ''}: ${gap.needs}`;
}

function needsOf(value: string): string {
  return (
    value
      .replace(marked, '')
      .replace(/^[\s:]+/, '')
      .trim() || 'to be written'
  );
}

/**
 * `data` without its gaps, each recorded in `gaps`. A gap field of an object is left out; an entry of
 * a list holding a gap anywhere is left out whole (half an entry is never published).
 */
export function withoutGaps(
  data: unknown,
  file: string,
  source: { text: string; yamlStartLine: number },
  gaps: ContentGap[],
): unknown {
  const record = (path: PropertyKey[], value: string): void => {
    gaps.push({
      file,
      field: path.length ? formatPath(path) : undefined,
      line: lineOfField(source.text, path, source.yamlStartLine),
      needs: needsOf(value),
    });
  };
  const hasGap = (value: unknown): boolean =>
    isGap(value) ||
    (Array.isArray(value) ? value.some(hasGap) : isObject(value) ? Object.values(value).some(hasGap) : false);
  const walk = (value: unknown, path: PropertyKey[]): unknown => {
    if (Array.isArray(value)) {
      const kept: unknown[] = [];
      value.forEach((item, index) => {
        if (!hasGap(item)) kept.push(item);
        else walk(item, [...path, index]);
      });
      return kept;
    }
    if (!isObject(value)) {
      if (isGap(value)) record(path, value);
      return value;
    }
    const kept: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const cleaned = walk(item, [...path, key]);
      if (!isGap(item)) kept[key] = cleaned;
    }
    return kept;
  };
  return walk(data, []);
}

/**
 * A markdown body without its gap paragraphs; undefined when the body opens with a gap, which makes
 * the whole file a gap (a page the site did not have).
 */
export function bodyWithoutGaps(body: string, file: string, text: string, gaps: ContentGap[]): string | undefined {
  const paragraphs = body.trim().split(/\n{2,}/);
  const lineOf = (paragraph: string): number | undefined => {
    const at = text.indexOf(paragraph);
    return at === -1 ? undefined : text.slice(0, at).split('\n').length;
  };
  if (paragraphs[0] !== undefined && isGap(paragraphs[0])) {
    gaps.push({ file, field: undefined, line: lineOf(paragraphs[0]), needs: needsOf(paragraphs[0]) });
    return undefined;
  }
  const kept = paragraphs.filter((paragraph) => {
    if (!isGap(paragraph)) return true;
    gaps.push({ file, field: 'body', line: lineOf(paragraph), needs: needsOf(paragraph) });
    return false;
  });
  return `${kept.join('\n\n')}\n`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
