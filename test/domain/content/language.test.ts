// The content's language and its own wording: site.yaml `language` picks the site's words, ui.yaml
// replaces any of them and content:check names every entry the site could not use, with its line.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { ContentError } from '../../../src/domain/content/content-error.ts';
import { loadContent } from '../../../src/domain/content/loader.ts';
import { siteIdentifier } from '../../../src/domain/language/identifier.ts';
import { uiKeys } from '../../../src/domain/language/ui-text.ts';

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, '../../../src/content-check.ts');
const studio = path.resolve(import.meta.dirname, '../../fixtures/berlin-studio');
const temps: string[] = [];
after(async () => Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true }))));

/** A copy of the Berlin studio with each file's text changed. */
async function studioWith(changes: Record<string, (text: string) => string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'content-language-'));
  temps.push(dir);
  await cp(studio, dir, { recursive: true });
  for (const [file, change] of Object.entries(changes)) {
    const target = path.join(dir, file);
    await writeFile(target, change(await readFile(target, 'utf8').catch(() => '')));
  }
  return dir;
}

async function mistakes(dir: string): Promise<string[]> {
  const error = await loadContent(dir).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.ok(error instanceof ContentError, `expected a ContentError, got ${String(error)}`);
  return error.issues.map((issue) => issue.located);
}

describe("the content's language", () => {
  it('names every ui.yaml entry the site cannot use, with its line', async () => {
    const dir = await studioWith({
      'ui.yaml': (text) =>
        `${text}home.seeResult: Arbeiten ansehen\nhome.allCaseStudies: Alle {anzahl} Referenzen\nindex.none: "Keine {Treffer"\nnav.contact: ""\n`,
    });
    assert.deepEqual(await mistakes(dir), [
      'ui.yaml: field "home.seeResult" is not a known text key (docs/content.md lists every key) (line 4)',
      'ui.yaml: field "home.allCaseStudies" uses {anzahl}, which the site does not give this text; it may use {count} (line 5)',
      'ui.yaml: field "index.none" is not valid ICU MessageFormat (EXPECT_ARGUMENT_CLOSING_BRACE) (line 6)',
      'ui.yaml: field "nav.contact" must be a non-empty text (line 7)',
    ]);
    const check = await run(process.execPath, [script, dir]).then(
      () => assert.fail('content:check passed a ui.yaml with an unknown key'),
      (error: { code: number; stderr: string }) => error,
    );
    assert.equal(check.code, 1);
    assert.match(check.stderr, /ui\.yaml: field "home\.seeResult" is not a known text key/);
  });

  it('refuses a language that is no language tag', async () => {
    const dir = await studioWith({ 'site.yaml': (text) => text.replace('language: de', 'language: deutsch_DE') });
    assert.deepEqual(await mistakes(dir), [
      'site.yaml: field "language" must be a language tag such as en, de or de-AT (BCP 47) (line 5)',
    ]);
  });

  it('speaks English where the product has no words in the language, except what ui.yaml gives, and says so', async () => {
    const dir = await studioWith({
      'site.yaml': (text) => text.replace('language: de', 'language: fr'),
      'ui.yaml': () => 'nav.contact: Contactez-nous\n',
    });
    const content = await loadContent(dir);
    assert.equal(content.ui.text('nav.contact'), 'Contactez-nous');
    assert.equal(content.ui.text('nav.about'), 'About');
    assert.equal(content.ui.date('2026-10-14'), '14 octobre 2026');
    assert.ok(content.notes.some((note) => note.startsWith('site.yaml language: the product has no words in "fr"')));
  });

  it('documents every key ui.yaml may replace', async () => {
    const docs = await readFile(path.resolve(import.meta.dirname, '../../../docs/content.md'), 'utf8');
    const missing = [...uiKeys].filter((key) => !docs.includes(`| \`${key}\` |`));
    assert.deepEqual(missing, []);
  });

  it('takes the identifier site.yaml gives, else transliterates the brand name', async () => {
    assert.equal(siteIdentifier((await loadContent(studio)).site), 'brueckner-hale');
    const dir = await studioWith({ 'site.yaml': (text) => `${text}identifier: bh-studio\n` });
    const { site } = await loadContent(dir);
    assert.equal(siteIdentifier(site), 'bh-studio');
    assert.equal(siteIdentifier(site, '_'), 'bh_studio');
  });
});
