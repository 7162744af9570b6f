import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { demoContentDir } from '../../../src/config/config.ts';
import { ContentError } from '../../../src/domain/content/content-error.ts';
import { loadContent } from '../../../src/domain/content/loader.ts';

const temps: string[] = [];
after(async () => Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true }))));

/** A copy of the demo content with one file changed. */
async function contentWith(file: string, change: (text: string) => string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'content-'));
  temps.push(dir);
  await cp(demoContentDir, dir, { recursive: true });
  const target = path.join(dir, file);
  await writeFile(target, change(await readFile(target, 'utf8').catch(() => '')));
  return dir;
}

async function loadError(dir: string): Promise<ContentError> {
  const error = await loadContent(dir).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.ok(error instanceof ContentError, `expected a ContentError, got ${String(error)}`);
  return error;
}

describe('the content loader', () => {
  it('loads the demo content: 49 case studies, 4 flagship, sorted newest first then by slug', async () => {
    const content = await loadContent(demoContentDir);
    assert.equal(content.caseStudies.length, 49);
    assert.equal(content.caseStudies.filter((cs) => cs.flagship).length, 4);
    assert.equal(content.proofPoints.length, 4);
    for (let i = 1; i < content.caseStudies.length; i++) {
      const [a, b] = [content.caseStudies[i - 1]!, content.caseStudies[i]!];
      assert.ok(
        a.publishedAt > b.publishedAt || (a.publishedAt === b.publishedAt && a.slug < b.slug),
        `${a.slug} before ${b.slug}`,
      );
    }
    assert.equal(content.site.brandName, 'Verto');
    assert.equal(content.site.toolPrefix, 'service');
    assert.equal(content.site.sample, true);
  });

  it('gives fast lookups of pages by slug and path, and a page for every case study and service', async () => {
    const content = await loadContent(demoContentDir);
    assert.equal(content.pageByPath('/')?.slug, 'home');
    assert.equal(content.pageBySlug('services/paid-media')?.path, '/services/paid-media');
    for (const cs of content.caseStudies)
      assert.equal(content.pageByPath(`/case-studies/${cs.slug}`)?.caseStudySlug, cs.slug);
    for (const service of content.services) assert.ok(content.pageBySlug(service.pageSlug), service.slug);
    for (const slug of ['about', 'contact', 'pipeline-readiness-assessment', 'case-studies', 'services'])
      assert.ok(content.pageBySlug(slug), slug);
    assert.equal(content.pageBySlug('__proto__'), undefined);
  });

  it('names the file and field of a date that is not YYYY-MM-DD', async () => {
    const dir = await contentWith('case-studies/northwind-ledger.md', (t) =>
      t.replace('publishedAt: 2026-09-18', 'publishedAt: 18/09/2026'),
    );
    const error = await loadError(dir);
    assert.equal(error.file, 'case-studies/northwind-ledger.md');
    assert.equal(error.field, 'publishedAt');
    assert.match(error.message, /case-studies\/northwind-ledger\.md: field "publishedAt" must be a date/);
  });

  it('names a misspelt field instead of ignoring it', async () => {
    const error = await loadError(await contentWith('pages/about.md', (t) => t.replace('description:', 'descripton:')));
    assert.equal(error.file, 'pages/about.md');
    assert.equal(error.field, 'descripton');
  });

  it('names a missing required field', async () => {
    const error = await loadError(
      await contentWith('case-studies/umbra-bi.md', (t) => t.replace(/^summary: .*\n/m, '')),
    );
    assert.equal(error.field, 'summary');
    assert.match(error.message, /is required/);
  });

  it('names nested fields of data files by their position', async () => {
    const error = await loadError(
      await contentWith('services.yaml', (t) => t.replace('name: B2B Paid Media', 'name: ""')),
    );
    assert.equal(error.file, 'services.yaml');
    assert.equal(error.field, '[5].name');
  });

  it('rejects a case study that uses a service that does not exist', async () => {
    const error = await loadError(
      await contentWith('case-studies/umbra-bi.md', (t) => t.replace('  - demand-generation', '  - telepathy')),
    );
    assert.equal(error.field, 'services[0]');
    assert.match(error.message, /"telepathy" is not a service/);
  });

  it('groups a translated page with the page it translates, in a language of site.yaml languages', async () => {
    const dir = await contentWith('site.yaml', (t) => `${t}languages: [en, de]\n`);
    await writeFile(
      path.join(dir, 'pages/ueber-uns.md'),
      '---\ntitle: Über uns\ndescription: Wer wir sind.\nsection: company\npath: /de/ueber-uns\nlanguage: de\ntranslationOf: about\n---\n\n# Über uns\n',
    );
    const content = await loadContent(dir);
    const about = content.pageBySlug('about')!;
    assert.deepEqual(
      content.translationsOf(about).map((page) => page.path),
      ['/about', '/de/ueber-uns'],
    );
    assert.equal(content.inLanguage('de').ui.text('nav.contact'), 'Kontakt');
    assert.equal(content.inLanguage('en'), content);
  });

  it('rejects a translation of a page that does not exist, or in a language the site does not have', async () => {
    const dir = await contentWith('site.yaml', (t) => `${t}languages: [en, de]\n`);
    await writeFile(
      path.join(dir, 'pages/preise.md'),
      '---\ntitle: Preise\ndescription: Was es kostet.\nsection: company\nlanguage: de\ntranslationOf: pricing\n---\n\n# Preise\n',
    );
    assert.match((await loadError(dir)).message, /field "translationOf" "pricing" is not another page of the site/);
    const french = await contentWith('pages/about.md', (t) =>
      t.replace('section: company', 'section: company\nlanguage: fr'),
    );
    assert.match((await loadError(french)).message, /"fr" is not one of site\.yaml languages \(en\)/);
    const first = await contentWith('site.yaml', (t) => `${t}language: en\nlanguages: [de, en]\n`);
    assert.match((await loadError(first)).message, /must be the first of languages \(de\)/);
  });

  it('rejects a proof point naming a missing case study', async () => {
    const error = await loadError(
      await contentWith('proof-points.yaml', (t) => t.replace('caseStudy: tessellate-hr', 'caseStudy: no-such-client')),
    );
    assert.equal(error.file, 'proof-points.yaml');
    assert.equal(error.field, 'points[3].caseStudy');
  });

  it('reports bad front matter in one line with its position, in case studies and skill files alike', async () => {
    const broken = (t: string): string => t.replace(/^---\n/, '---\nbad: [unclosed\n');
    const skill = (await loadError(await contentWith('skills/agency-site/SKILL.md', broken))).message;
    assert.match(skill, /^skills\/agency-site\/SKILL\.md: .+ at line \d+, column \d+$/);
    const study = (await loadError(await contentWith('case-studies/copperline-relay.md', broken))).message;
    assert.match(study, /^case-studies\/copperline-relay\.md: .+ at line \d+, column \d+$/);
  });

  it('rejects a skill whose representative queries are not two to five lines', async () => {
    const one = (t: string): string =>
      t.replace(/ {2}representative-queries: \|-\n( {4}.+\n)+/, '  representative-queries: only one query\n');
    const error = await loadError(await contentWith('skills/agency-site/SKILL.md', one));
    assert.equal(error.field, 'metadata.representative-queries');
    assert.match(error.message, /2 to 5 queries, one per line/);
  });

  it('reports invalid YAML and a missing file by name', async () => {
    assert.match(
      (await loadError(await contentWith('site.yaml', (t) => `${t}\n  bad: [unclosed`))).message,
      /^site\.yaml: is not valid YAML/,
    );
    const dir = await contentWith('contact.yaml', (t) => t);
    await rm(path.join(dir, 'contact.yaml'));
    assert.equal((await loadError(dir)).message, 'contact.yaml: is missing');
  });

  it('rejects a file name that cannot be a slug', async () => {
    const dir = await contentWith('case-studies/Bad Name.md', () => '---\nclient: x\n---\n');
    assert.match((await loadError(dir)).message, /case-studies\/Bad Name\.md: file name must be lowercase/);
  });
});

describe('npm run content:check', () => {
  const run = promisify(execFile);
  const script = path.resolve(import.meta.dirname, '../../../src/content-check.ts');

  it('prints a summary of valid content', async () => {
    const { stdout } = await run(process.execPath, [script, demoContentDir]);
    assert.match(stdout, /Content OK/);
    assert.match(stdout, /49 case studies \(4 flagship\)/);
  });

  it('exits 1 and names the file and field of a mistake', async () => {
    const dir = await contentWith('site.yaml', (t) => t.replace('toolPrefix: service', 'toolPrefix: Service-1'));
    const result = await run(process.execPath, [script, dir]).then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    );
    assert.equal(result?.code, 1);
    assert.match(result!.stderr, /site\.yaml: field "toolPrefix"/);
  });
});
