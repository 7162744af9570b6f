// What a page's markdown twin keeps, imported through real HTTP: on every real site of the fixtures
// each twin holds at least the wanted share of its page's main text (coverage.ts), testimonials
// included, and a label and its value stay two words ("Laufzeit: 3–12 Monate", never "Laufzeit3–12").
import { strict as assert } from 'node:assert';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { coverage, wantedCoverage } from '../../src/importer/coverage.ts';
import { mainText } from '../../src/importer/main-content.ts';
import { answer, runImport, startSite } from './static-site.ts';

const parent = await mkdtemp(path.join(os.tmpdir(), 'agentsite-extraction-'));
after(() => rm(parent, { recursive: true, force: true }));

/** A written file as its twin: its front matter's values and its body, without the import's comments. */
function twinOf(file: string): string {
  return file.replace(/^---\n[\s\S]*?\n---\n/, (front) => front.replace(/^# .*\n/gm, ''));
}

/** Imports `folder` and answers each page's address, twin and coverage. */
async function importFixture(folder: string): Promise<{ source: string; twin: string; share: number }[]> {
  const site = await startSite(folder);
  const out = path.join(parent, folder);
  try {
    // Rappo links one page it does not have: the import says so and exits 1, its folder written.
    const result = await runImport([site.url, '--out', out]);
    assert.match(result.out, /Content check: OK/);
    // The import's own report of the same measure.
    const [, lowest] =
      /twins keep of their page's main text: lowest ([\d.]+) % \(\S+\), median [\d.]+ %/.exec(result.out) ?? [];
    assert.ok(Number(lowest) >= wantedCoverage * 100, result.out);
    const pages = [];
    for (const [, source, file] of result.out.matchAll(/^ {2}(\S+) → (\S+\.md)/gm)) {
      const html = await (await fetch(new URL(source!, site.url))).text();
      const twin = twinOf(await readFile(path.join(out, file!), 'utf8'));
      pages.push({ source: source!, twin, share: coverage(mainText(html), twin) });
    }
    return pages;
  } finally {
    await site.close();
  }
}

describe('what a twin keeps of its page', () => {
  for (const [folder, count] of [
    ['modern-business', 9],
    ['rappo', 10],
    ['kessler-partner', 24],
  ] as const)
    it(`keeps ${wantedCoverage * 100} % of every page's main text of ${folder}, labels apart from values`, async () => {
      const pages = await importFixture(folder);
      assert.equal(pages.length, count);
      const short = pages.filter((page) => page.share < wantedCoverage);
      assert.deepEqual(
        short.map((page) => `${page.source} ${(page.share * 100).toFixed(1)} %`),
        [],
        'twins below the wanted share',
      );
      for (const { source, twin } of pages)
        assert.doesNotMatch(twin, /\*\*[^*\s][^*\n]*\*\*[\p{L}\p{N}]|\p{N}(?:monthly|Monate|months)\b/u, source);
      if (folder === 'kessler-partner') {
        const home = pages.find((page) => page.source === '/')!;
        assert.match(home.twin, /durch die schwierigste Phase der Fusion getragen/);
        assert.match(home.twin, /Dr\. Anja Brandt, Geschäftsführerin/);
      }
      if (folder === 'rappo') assert.match(pages.find((page) => page.source === '/index-4.html')!.twin, /\$13 monthly/);
    });

  it('names in its summary a twin that keeps less than the wanted share of its page', async () => {
    const options = Array.from({ length: 40 }, (_, n) => `<option>Standort ${n + 1}</option>`).join('');
    const page = `<!doctype html><html lang="de"><head><title>Standorte</title></head><body><main>
      <h1>Unsere Standorte</h1><p>Wählen Sie den Standort, der Ihnen am nächsten liegt.</p>
      <select>${options}</select></main></body></html>`;
    const site = await startSite(undefined, { '/': answer(page) });
    try {
      const result = await runImport([site.url, '--out', path.join(parent, 'short')]);
      assert.match(
        result.out,
        /twins keep of their page's main text: lowest 1\d(?:\.\d)? % \(\/\), median 1\d(?:\.\d)? %/,
      );
      assert.match(result.out, /^ {4}\/ keeps 1\d(?:\.\d)? %: compare pages\/home\.md with the page$/m);
    } finally {
      await site.close();
    }
  });

  it('reads a word written with character references as one word ("F&uuml;hren")', () => {
    const page =
      '<html><body><main><h1>F&uuml;hren hei&szlig;t verstehen</h1><p>Gr&ouml;&szlig;e &amp; <b>Mut</b></p></main></body></html>';
    assert.equal(mainText(page), 'Führen heißt verstehen Größe & Mut');
    assert.equal(coverage(mainText(page), '# Führen heißt verstehen\n\nGröße & **Mut**'), 1);
  });

  it('writes a description list as "Label: value" lines and parts inline labels from their values', async () => {
    const page = `<!doctype html><html lang="de"><head><title>Coaching</title></head><body>
      <nav><a href="/">Start</a></nav>
      <main><h1>Coaching für Führungskräfte</h1>
      <p>Wir begleiten Führungskräfte in den ersten hundert Tagen einer neuen Rolle, einzeln und im Team.</p>
      <dl><dt>Laufzeit</dt><dd>3–12 Monate</dd><dt>Format:</dt><dd>Präsenz</dd><dd>online</dd></dl>
      <p><strong>Umfang</strong><span>6 Sitzungen</span></p>
      <div class="price"><small>€</small>490<span>pro Sitzung</span></div>
      </main></body></html>`;
    const site = await startSite(undefined, { '/': answer(page) });
    const out = path.join(parent, 'labels');
    try {
      const result = await runImport([site.url, '--out', out]);
      assert.equal(result.code, 0, result.out);
      const twin = twinOf(await readFile(path.join(out, 'pages/home.md'), 'utf8'));
      assert.match(twin, /^- Laufzeit: 3–12 Monate\n- Format: Präsenz; online$/m);
      assert.match(twin, /\*\*Umfang\*\* 6 Sitzungen/);
      assert.match(twin, /€490 pro Sitzung/);
      assert.equal(coverage(mainText(page), twin), 1);
    } finally {
      await site.close();
    }
  });
});
