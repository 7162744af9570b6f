// Splits a markdown file into its YAML front matter and body. Kept tiny on purpose: the only
// supported form is a leading "---" line, YAML, and a closing "---" line. YAML errors name the
// line in the file, so the YAML's first line is line 2.
import { parseYaml } from './yaml.ts';

export interface FrontMatterFile {
  data: unknown;
  body: string;
}

/** Throws an Error whose message says what is wrong; the loader adds the file name. */
export function splitFrontMatter(source: string): FrontMatterFile {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  if (!text.startsWith('---\n')) throw new Error('must start with a front-matter block between "---" lines');
  const end = text.indexOf('\n---', 3);
  if (end === -1) throw new Error('front matter is not closed by a "---" line');
  const afterClose = text.indexOf('\n', end + 4);
  const yaml = text.slice(4, end + 1);
  const body = afterClose === -1 ? '' : text.slice(afterClose + 1);
  return { data: parseYaml(yaml, 2) ?? {}, body: `${body.trim()}\n` };
}
