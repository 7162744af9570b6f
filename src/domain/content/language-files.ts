// The files of a site in several languages beside its default language's: each other language's
// words (ui.<language>.yaml over the shipped catalogue of that language) and its case studies'
// translations (case-studies/<language>/<slug>.md).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { UiKey } from '../language/ui-text.ts';
import { ContentError } from './content-error.ts';
import type { ContentReader } from './content-reader.ts';
import type { CaseStudyTranslationFile } from './entry-translations.ts';
import { caseStudyTranslationSchema } from './schema.ts';
import { uiFile, uiFileOf } from './ui-file.ts';

export type UiOverrides = Partial<Record<UiKey, string>>;

/** The words ui.yaml (the default language) and each ui.<language>.yaml replace, by language. */
export function readUiFiles(reader: ContentReader, languages: string[]): Record<string, UiOverrides> {
  const [language = 'en', ...others] = languages;
  const byLanguage: Record<string, UiOverrides> = {
    [language]: existsSync(path.join(reader.root, uiFile)) ? reader.readUi() : {},
  };
  for (const other of others)
    if (existsSync(path.join(reader.root, uiFileOf(other)))) byLanguage[other] = reader.readUi(uiFileOf(other));
  // A file for a language the site does not have would be silently unused.
  for (const file of readdirSync(reader.root)) {
    const named = /^ui\.(.+)\.yaml$/.exec(file)?.[1];
    if (named !== undefined && !others.includes(named))
      reader.issues.add(
        new ContentError(
          file,
          undefined,
          `is the words of "${named}", which is not one of site.yaml's other languages (${others.join(', ') || 'none'})`,
        ),
      );
  }
  return byLanguage;
}

/** The files in case-studies/<language>/: the case studies' translations. */
export async function readCaseStudyTranslations(reader: ContentReader): Promise<CaseStudyTranslationFile[]> {
  return reader.markdown('case-studies', caseStudyTranslationSchema, true);
}
