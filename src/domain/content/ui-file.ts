// The content folder's optional ui.yaml: the site's words replaced key by key (docs/content.md lists
// the keys). Each entry must name a known key, parse as ICU MessageFormat and place no value or
// link the site does not give that message, so a page can never fail on a replaced string.
import { IntlMessageFormat } from 'intl-messageformat';
import { en } from '../language/catalogues/en.ts';
import { messageProblem, type UiKey, uiKeys } from '../language/ui-text.ts';
import { ContentError, type SourceText } from './content-error.ts';
import { lineOfField } from './field-lines.ts';

export const uiFile = 'ui.yaml';

/** The file of one other language's words: ui.en.yaml beside a German site's ui.yaml. */
export const uiFileOf = (language: string): string => `ui.${language}.yaml`;

/** The replacements ui.yaml declares, with a ContentError for each entry the site cannot use. */
export function checkUiOverrides(
  data: unknown,
  source: SourceText,
  file = uiFile,
): { overrides: Partial<Record<UiKey, string>>; errors: ContentError[] } {
  const overrides: Partial<Record<UiKey, string>> = {};
  const errors: ContentError[] = [];
  if (data === null || data === undefined) return { overrides, errors };
  if (typeof data !== 'object' || Array.isArray(data)) {
    return { overrides, errors: [new ContentError(file, undefined, 'must map text keys to their wording')] };
  }
  for (const [key, value] of Object.entries(data)) {
    const problem = !uiKeys.has(key)
      ? 'is not a known text key (docs/content.md lists every key)'
      : typeof value !== 'string' || value.trim() === ''
        ? 'must be a non-empty text'
        : wordingProblem(key as UiKey, value);
    if (problem) errors.push(new ContentError(file, key, problem, lineOfField(source.text, [key])));
    else overrides[key as UiKey] = value as string;
  }
  return { overrides, errors };
}

function wordingProblem(key: UiKey, value: string): string | undefined {
  const syntax = messageProblem(value);
  if (syntax) return `is not valid ICU MessageFormat (${syntax})`;
  const given = placeholders(en[key]);
  const unknown = [...placeholders(value)].filter((name) => !given.has(name));
  if (unknown.length === 0) return undefined;
  const offered = given.size ? `; it may use ${[...given].map((name) => `{${name}}`).join(', ')}` : '';
  return `uses ${unknown.map((name) => `{${name}}`).join(', ')}, which the site does not give this text${offered}`;
}

/** Every argument and tag name a message places, at any depth (plural and select branches). */
function placeholders(message: string): Set<string> {
  const names = new Set<string>();
  // Literal text (type 0) and a plural's "#" (type 7) place nothing; every other element names a value or tag.
  type Node = { type: number; value?: unknown; options?: Record<string, { value: Node[] }>; children?: Node[] };
  const walk = (nodes: Node[]): void => {
    for (const node of nodes) {
      if (node.type !== 0 && node.type !== 7 && typeof node.value === 'string') names.add(node.value);
      for (const option of Object.values(node.options ?? {})) walk(option.value);
      if (node.children) walk(node.children);
    }
  };
  walk(new IntlMessageFormat(message, 'en').getAst() as Node[]);
  return names;
}
