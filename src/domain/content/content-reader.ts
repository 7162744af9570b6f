// Reads the content folder's files for the loader. It keeps each file's text (mistakes name their
// line), its raw YAML (the optional-field notes read it) and every markdown path a link may target.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { ContentError, type ContentIssues, type SourceText } from './content-error.ts';
import { readAll, splitFile } from './content-files.ts';
import { bodyWithoutGaps, withoutGaps } from './gaps.ts';
import { slugSchema } from './schema.ts';
import { checkUiOverrides, uiFile } from './ui-file.ts';
import { parseYaml } from './yaml.ts';

/** One markdown file whose slug and front matter are valid. */
export interface MarkdownEntry<T> {
  file: string;
  slug: string;
  fm: T;
  body: string;
}

export type ContentReader = ReturnType<typeof createContentReader>;

/** A reader of the files under `root`; every mistake it meets is added to `issues`. */
export function createContentReader(root: string, issues: ContentIssues) {
  const sources = new Map<string, SourceText>();
  const raw = new Map<string, unknown>();
  const linkable = new Set<string>();
  /** Markdown files left out whole as gaps (a required page among them is listed, not a mistake). */
  const gapFiles = new Set<string>();
  const yamlFile = <T extends z.ZodType>(file: string, schema: T): z.output<T> | undefined => {
    const text = issues.attempt(() => readAll(root, [file])[0]!);
    if (text === undefined) return undefined;
    sources.set(file, { text, yamlStartLine: 1 });
    const parsed = issues.attempt(() => parseYamlFile(file, text));
    const data = parsed === undefined ? undefined : withoutGaps(parsed, file, sources.get(file)!, issues.gaps);
    raw.set(file, data);
    return data === undefined ? undefined : issues.validate(schema, data, file, sources.get(file));
  };
  const readUi = (file = uiFile): ReturnType<typeof checkUiOverrides>['overrides'] => {
    const text = issues.attempt(() => readAll(root, [file])[0]!);
    const data = text === undefined ? undefined : issues.attempt(() => parseYamlFile(file, text));
    if (text === undefined || data === undefined) return {};
    const { overrides, errors } = checkUiOverrides(data, { text, yamlStartLine: 1 }, file);
    for (const error of errors) issues.add(error);
    return overrides;
  };
  /** The markdown files below `folder`; `nested` picks those in its subfolders (true) or not (false). */
  const markdown = async <T extends z.ZodType>(
    folder: string,
    schema: T,
    nested?: boolean,
  ): Promise<MarkdownEntry<z.output<T>>[]> => {
    const all = await markdownFiles(root, folder).catch(
      (error: unknown) =>
        issues.attempt(() => {
          throw error;
        }) ?? [],
    );
    const depth = folder.split('/').length + 1;
    const files = nested === undefined ? all : all.filter((file) => file.split('/').length > depth === nested);
    // Read in one go (one await per file made 10 000 studies take seconds), parse in file order.
    const texts = readAll(root, files);
    return files.flatMap((file, i) => {
      const source = { text: texts[i]!, yamlStartLine: 2 };
      sources.set(file, source);
      // A file with a mistake of its own is still there: links to it are not reported as well.
      linkable.add(`/${file.slice(0, -'.md'.length).replace(/^pages\//, '')}`);
      const slug = issues.attempt(() => slugFromFile(file, `${folder}/`));
      const split = issues.attempt(() => splitFile(file, source.text));
      // A file whose body opens with a gap is a page the site did not have: left out whole.
      const body = split && bodyWithoutGaps(split.body, file, source.text, issues.gaps);
      if (split && body === undefined) gapFiles.add(file);
      const data = split && body !== undefined ? withoutGaps(split.data, file, source, issues.gaps) : undefined;
      const fm = data === undefined ? undefined : issues.validate(schema, data, file, source);
      return slug === undefined || body === undefined || fm === undefined ? [] : [{ file, slug, fm, body }];
    });
  };
  return { root, issues, sources, raw, linkable, gapFiles, yamlFile, readUi, markdown };
}

function parseYamlFile(file: string, text: string): unknown {
  try {
    return parseYaml(text);
  } catch (error) {
    throw new ContentError(file, undefined, `is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
}

/** Markdown files below `folder`, as forward-slash paths relative to the content root, sorted. */
async function markdownFiles(root: string, folder: string): Promise<string[]> {
  const entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true }).catch(() => {
    throw new ContentError(`${folder}/`, undefined, 'folder is missing');
  });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md') && entry.name !== 'README.md')
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

function slugFromFile(file: string, prefix: string): string {
  const slug = file.slice(prefix.length, -'.md'.length);
  for (const part of slug.split('/')) {
    const result = slugSchema.safeParse(part);
    if (!result.success)
      throw new ContentError(
        file,
        undefined,
        `file name must be lowercase letters, digits and hyphens (it becomes the slug "${slug}")`,
      );
  }
  return slug;
}
