// The one error the content loader throws: it names the file (relative to the content folder), the
// field and, when it can, the line, so a non-developer editing content can find the mistake. The
// loader collects every mistake of a run (ContentIssues) and throws the first, carrying them all.
import type { z } from 'zod';
import { formatPath, lineOfField } from './field-lines.ts';
import type { ContentGap } from './gaps.ts';

export class ContentError extends Error {
  readonly file: string;
  readonly field: string | undefined;
  /** 1-based line in the file, counted from its top, when known. */
  line: number | undefined;
  /** Every mistake of the run, this one first (set by ContentIssues). */
  issues: ContentError[] = [this];
  /** What the optional fields the content leaves out mean (set by ContentIssues). */
  notes: string[] = [];
  /** The gaps the import left (set by ContentIssues). */
  gaps: ContentGap[] = [];

  constructor(file: string, field: string | undefined, problem: string, line?: number) {
    super(field ? `${file}: field "${field}" ${problem}` : `${file}: ${problem}`);
    this.name = 'ContentError';
    this.file = file;
    this.field = field;
    this.line = line;
  }

  /** The message with its line, e.g. `site.yaml: field "toolPrefix" must be … (line 3)`. */
  get located(): string {
    return this.line === undefined ? this.message : `${this.message} (line ${this.line})`;
  }
}

/** A file's text and where its YAML starts (front matter starts on line 2), to find fields' lines. */
export interface SourceText {
  text: string;
  yamlStartLine: number;
}

/** Collects the mistakes of one load, so one run reports them all. */
export class ContentIssues {
  readonly list: ContentError[] = [];
  /** What each optional field left out means for the site. */
  readonly notes: string[] = [];
  /** Values the import could not fill, taken out of the content (see gaps.ts). */
  readonly gaps: ContentGap[] = [];

  add(error: ContentError): void {
    this.list.push(error);
  }

  /** Runs `step`; a ContentError it throws is recorded and undefined returned. */
  attempt<T>(step: () => T): T | undefined {
    try {
      return step();
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      this.add(error);
      return undefined;
    }
  }

  /** Parses `data` with `schema`, recording every issue found (undefined when there is one). */
  validate<T extends z.ZodType>(schema: T, data: unknown, file: string, source?: SourceText): z.output<T> | undefined {
    const result = schema.safeParse(data);
    if (result.success) return result.data;
    // A misspelt field also makes the real one "missing": naming the misspelling first helps more.
    const issues = [...result.error.issues].sort(
      (a, b) => Number(b.code === 'unrecognized_keys') - Number(a.code === 'unrecognized_keys'),
    );
    for (const issue of issues) {
      const paths = issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
      for (const path of paths) {
        const field = path.length ? formatPath(path) : undefined;
        const problem =
          issue.code === 'unrecognized_keys'
            ? 'is not a known field (check the spelling)'
            : /received undefined/.test(issue.message)
              ? 'is required'
              : issue.message;
        const line = source ? lineOfField(source.text, path, source.yamlStartLine) : undefined;
        this.add(new ContentError(file, field, problem, line));
      }
    }
    return undefined;
  }

  /** Throws the first mistake, carrying every one, when there is any. */
  throwIfAny(): void {
    const [first] = this.list;
    if (!first) return;
    first.issues = [...this.list];
    first.notes = [...this.notes];
    first.gaps = [...this.gaps];
    throw first;
  }
}
