// content:check and the loader report every mistake of a content folder in one run, each with its
// file, field and line, refuse what would publish a contradiction or a dead link, and explain the
// optional fields a folder leaves out.
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
import { contentStartError } from '../../../src/app/startup-errors.ts';

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, '../../../src/content-check.ts');
const studio = path.resolve(import.meta.dirname, '../../fixtures/retail-studio');
const temps: string[] = [];
after(async () => Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true }))));

/** A copy of `from` with each file changed (an empty change function deletes the file). */
async function contentWith(
  changes: Record<string, ((text: string) => string) | null>,
  from = demoContentDir,
): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'content-'));
  temps.push(dir);
  await cp(from, dir, { recursive: true });
  for (const [file, change] of Object.entries(changes)) {
    const target = path.join(dir, file);
    if (change === null) await rm(target, { recursive: true });
    else await writeFile(target, change(await readFile(target, 'utf8').catch(() => '')));
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

describe('content mistakes, all in one run', () => {
  it('refuses duplicates, impossible dates, dead links, a missing offer page and a missing skills folder, each with its line', async () => {
    const dir = await contentWith({
      'services.yaml': (t) =>
        `${t}- slug: paid-media\n  name: Paid Media again\n  summary: A second entry.\n  keywords: [ads]\n`,
      'reasons.yaml': (t) => t.replace('- id: b2b-tech-only', '- id: pipeline-accountability'),
      'proof-points.yaml': (t) => t.replace('caseStudy: tessellate-hr', 'caseStudy: northwind-ledger'),
      'case-studies/umbra-bi.md': (t) =>
        t.replace('  - demand-generation\n', '  - demand-generation\n  - demand-generation\n'),
      'case-studies/pinecrest-data.md': (t) => t.replace(/publishedAt: .*/, 'publishedAt: 2026-02-30'),
      'pages/about.md': (t) => `${t}\nSee [our prices](/pricing).\n`,
      'pages/pipeline-readiness-assessment.md': null,
      skills: null,
    });
    const all = await mistakes(dir);
    for (const expected of [
      'services.yaml: field "[7].slug" "paid-media" is listed twice (line 38)',
      'reasons.yaml: field "[1].id" "pipeline-accountability" is listed twice (line 6)',
      'proof-points.yaml: field "points[3].caseStudy" "northwind-ledger" is listed twice (line 11)',
      'case-studies/umbra-bi.md: field "services[1]" "demand-generation" is listed twice (line 8)',
      'case-studies/pinecrest-data.md: field "publishedAt" is not a real date (check the day and month) (line 8)',
      'site.yaml: field "offer.page" "pipeline-readiness-assessment" has no page; create pages/pipeline-readiness-assessment.md or remove the offer (line 44)',
      'skills/: folder is missing: it holds the SKILL.md files agents read (see docs/content.md)',
    ])
      assert.ok(all.includes(expected), `missing: ${expected}\nin:\n${all.join('\n')}`);
    assert.ok(
      all.some((line) =>
        /^pages\/about\.md: links to \/pricing, which is not a page of the site \(line \d+\)$/.test(line),
      ),
      all.join('\n'),
    );
    // The offer page's own links go with it; the demo's other pages that link it are named too.
    assert.ok(
      all.some((line) => line.startsWith('pages/home.md: links to /pipeline-readiness-assessment')),
      all.join('\n'),
    );
    assert.ok(
      !all.some((line) => line.includes('links to /case-studies/pinecrest-data')),
      'a study with a mistake of its own is no dead link',
    );
  });

  it('refuses a brand colour that white text or a light page could not be read on', async () => {
    const dir = await contentWith({
      'site.yaml': (t) => t.replace('brandColour: "#1d4ed8"', 'brandColour: "#fbbf24"'),
    });
    assert.deepEqual(await mistakes(dir), [
      'site.yaml: field "brandColour" is too light: white text on it and it on a light page need a contrast of at least 4.5:1 (pick a darker shade) (line 34)',
    ]);
  });

  it("refuses the offer's enquiry topic when there is no offer", async () => {
    const dir = await contentWith({ 'contact.yaml': (t) => `${t}  assessment: Store Health Check\n` }, studio);
    assert.deepEqual(await mistakes(dir), [
      'contact.yaml: field "topics.assessment" is the topic of an offer, and site.yaml declares no offer (line 8)',
    ]);
  });

  it('counts front-matter YAML error lines from the top of the file', async () => {
    const dir = await contentWith({
      'case-studies/umbra-bi.md': (t) => t.replace('industry: Data & analytics', 'industry: [unclosed'),
    });
    // The broken value is on line 4 of the file; the parser notices it at the start of line 5.
    assert.deepEqual(await mistakes(dir), [
      'case-studies/umbra-bi.md: missed comma between flow collection entries at line 5, column 1',
    ]);
  });

  it('names a page the navigation links when it is missing', async () => {
    assert.deepEqual(await mistakes(await contentWith({ 'pages/about.md': null }, studio)), [
      "pages/about.md: is missing: every page's navigation links /about",
    ]);
  });

  it('prints every mistake with its line and what the optional fields left out mean', async () => {
    const dir = await contentWith(
      {
        'site.yaml': (t) => t.replace('toolPrefix: studio', 'toolPrefix: Studio-1'),
        'services.yaml': (t) =>
          `${t}- slug: store-builds\n  name: Store Builds again\n  summary: The same service twice.\n  keywords: [store]\n`,
        'case-studies/fable-botanics.md': (t) => t.replace('publishedAt: 2026-06-20', 'publishedAt: 2026-06-31'),
        'case-studies/wick-and-wax.md': (t) =>
          t.replace('services: [store-builds]', 'services: [store-builds, store-builds]'),
        'pages/about.md': (t) => t.replace('(/case-studies)', '(/our-stores)'),
      },
      studio,
    );
    const result = await run(process.execPath, [script, dir]).then(
      () => undefined,
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    assert.equal(result?.code, 1);
    assert.deepEqual(result!.stderr.trim().split('\n'), [
      `Content errors (5) in ${dir}:`,
      '  site.yaml: field "toolPrefix" must be lowercase letters and digits, starting with a letter (line 4)',
      '  case-studies/fable-botanics.md: field "publishedAt" is not a real date (check the day and month) (line 6)',
      '  services.yaml: field "[3].slug" "store-builds" is listed twice (line 16)',
      '  case-studies/wick-and-wax.md: field "services[1]" "store-builds" is listed twice (line 5)',
      '  pages/about.md: links to /our-stores, which is not a page of the site (line 12)',
    ]);
    assert.match(result!.stdout, /^Optional fields left out/m);
    const error = await loadContent(dir).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.equal(
      contentStartError(dir, error).message,
      `CONTENT_DIR: ${path.join(dir, 'site.yaml')}: field "toolPrefix" must be lowercase ` +
        'letters and digits, starting with a letter (line 4) (and 4 more mistakes: npm run content:check lists them all)',
      'the server names the first at start-up',
    );
    assert.match(result!.stdout, /contact\.yaml phone: not set, so the contact page gives no phone number/);
    assert.match(
      result!.stdout,
      /site\.yaml offer: not set, so there is no offer: every call to action leads to the contact page/,
      'a file with a mistake is explained too',
    );
  });

  it('loads a folder written in the first content format, with every new field at its default', async () => {
    const first = await contentWith({
      'site.yaml': (t) => t.split('\n# Optional wording of the site')[0]!,
      'logo.svg': null,
    });
    const content = await loadContent(first);
    assert.equal(content.site.offer, undefined);
    assert.equal(content.site.describedAs, 'Verto');
    assert.equal(content.fitCheck('our Shopify store').inFit, true, 'without a fit rule nothing is out of fit');
    assert.ok(content.notes.some((note) => note.startsWith('site.yaml fitRule: not set')));
    assert.ok(
      content.notes.includes(
        'site.yaml offer: not set, so there is no offer: every call to action leads to the contact page, and the contact form and tools offer no offer topic',
      ),
    );
  });

  it("notes a company size the ask cannot read, and none for the demo's", async () => {
    assert.ok(!(await loadContent(demoContentDir)).notes.some((note) => note.includes('companySize')));
    const dir = await contentWith({
      'case-studies/northwind-ledger.md': (t) => t.replace(/^companySize: .*$/m, 'companySize: about forty million'),
    });
    assert.ok(
      (await loadContent(dir)).notes.includes(
        'case-studies/northwind-ledger.md companySize: "about forty million" has no figure with a unit (such as 42M ARR), so the ask finds this study for no size bound',
      ),
    );
  });
});
