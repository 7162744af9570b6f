// A service or case study of a site in several languages is one entry with translations
// (test/fixtures/zweiklang): the entry lists its translations' addresses, each language sees each
// entry once, and a translation of an unknown entry or in a language the site lacks is refused.
import { strict as assert } from 'node:assert';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { ContentError } from '../../../src/domain/content/content-error.ts';
import { loadContent } from '../../../src/domain/content/loader.ts';

const fixture = path.resolve(import.meta.dirname, '../../fixtures/zweiklang');
const temps: string[] = [];
after(async () => Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true }))));

/** A copy of the fixture with `file` written (`change` given its text, empty for a new file). */
async function fixtureWith(file: string, change: (text: string) => string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'zweiklang-'));
  temps.push(dir);
  await cp(fixture, dir, { recursive: true });
  const target = path.join(dir, file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, change(await readFile(target, 'utf8').catch(() => '')));
  return dir;
}

async function problems(dir: string): Promise<string[]> {
  const error = await loadContent(dir).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.ok(error instanceof ContentError, `expected a ContentError, got ${String(error)}`);
  return error.issues.map((issue) => issue.located);
}

const translation = (translationOf: string) =>
  `---\ntranslationOf: ${translationOf}\nclient: Someone\nsummary: Something.\nstats: []\n---\n\nText.\n`;

describe('entries with translations', () => {
  it('keeps one entry each, listing where its translations are', async () => {
    const content = await loadContent(fixture);
    assert.deepEqual(
      content.services.map((service) => [service.slug, service.name, service.translations]),
      [
        ['strategieberatung', 'Strategieberatung', { en: '/en/services/strategy-consulting' }],
        ['fuehrungskraefte', 'Führungskräfteentwicklung', undefined],
      ],
    );
    assert.deepEqual(
      content.caseStudies.map((cs) => [cs.slug, cs.translations]),
      [
        ['weber-maschinenbau', { en: '/en/projects/weber-engineering' }],
        ['stadtwerke-nordhafen', undefined],
      ],
    );
  });

  it('shows each entry once in English, translated where it can, with the English words', async () => {
    const english = (await loadContent(fixture)).inLanguage('en');
    assert.deepEqual(
      english.services.map((service) => [service.slug, service.name, service.path]),
      [
        ['strategieberatung', 'Strategy consulting', '/en/services/strategy-consulting'],
        ['fuehrungskraefte', 'Führungskräfteentwicklung', '/leistungen/fuehrungskraefte'],
      ],
    );
    const study = english.caseStudyBySlug('weber-maschinenbau')!;
    assert.deepEqual(
      [study.client, study.services, study.publishedAt, study.industry],
      ['Weber Engineering', ['strategieberatung'], '2026-05-12', 'Mechanical engineering'],
    );
    assert.equal(english.ui.text('study.industry'), 'Sector', 'ui.en.yaml');
    assert.equal(english.ui.text('study.companySize'), 'Company size');
    assert.equal((await loadContent(fixture)).ui.text('study.industry'), 'Branche');
    const paths = english.pages.map((page) => page.path);
    assert.ok(paths.includes('/en/projects/weber-engineering') && !paths.includes('/projekte/weber-maschinenbau'));
    assert.equal(english.site.paths.caseStudies, '/en/projects');
  });

  it('refuses a translation of a case study that does not exist, or in a language the site lacks', async () => {
    const unknown = await fixtureWith('case-studies/en/nobody.md', () => translation('nobody'));
    assert.deepEqual(await problems(unknown), [
      'case-studies/en/nobody.md: field "translationOf" "nobody" is not a case study in case-studies/ (line 2)',
    ]);
    const french = await fixtureWith('case-studies/fr/weber.md', () => translation('weber-maschinenbau'));
    assert.deepEqual(await problems(french), [
      'case-studies/fr/weber.md: must be case-studies/<language>/<slug>.md, the language one of en',
    ]);
    const twice = await fixtureWith('case-studies/en/weber-again.md', () => translation('weber-maschinenbau'));
    assert.match((await problems(twice)).join('\n'), /"weber-maschinenbau" already has a translation in en/);
  });

  it('refuses service wording in a language the site lacks or without its page, and words for no language', async () => {
    const french = await fixtureWith('services.yaml', (text) =>
      text.replace('    en:\n', '    fr:\n      name: Conseil\n    en:\n'),
    );
    assert.deepEqual(await problems(french), [
      'services.yaml: field "[0].translations.fr" "fr" is not one of the site\'s other languages (en) (line 6)',
    ]);
    const pageless = await fixtureWith(
      'services.yaml',
      (text) => `${text}  translations:\n    en:\n      name: Leadership development\n`,
    );
    assert.match((await problems(pageless)).join('\n'), /\[1\]\.translations\.en" has no page in en/);
    const words = await fixtureWith('ui.fr.yaml', () => 'study.industry: Secteur\n');
    assert.match((await problems(words)).join('\n'), /ui\.fr\.yaml: is the words of "fr", which is not one of/);
    const badKey = await fixtureWith('ui.en.yaml', (text) => `${text}nav.nothing: Nothing\n`);
    assert.match((await problems(badKey)).join('\n'), /ui\.en\.yaml: field "nav\.nothing" is not a known text key/);
  });
});
