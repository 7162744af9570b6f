// The README and docs/ hold together: every relative link in README.md and docs/*.md leads to a file
// of the repository, a `#anchor` to a heading of the page it names (GitHub's slugs), and the README
// stays a ten-minute read (at most 200 lines, none over 160 characters).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

const pages = [
  'README.md',
  ...fs
    .readdirSync(path.join(root, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
];

/** The page without fenced code blocks and inline code spans, where brackets are not links. */
function prose(markdown: string): string {
  return markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
    .replace(/(`+)[^`\n]*?\1/g, '')
    .replace(/<!--[\s\S]*?-->/g, '');
}

/** Every inline link and image target of a page: `[text](target)` and `[text](target "title")`. */
function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = match[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const isExternal = (target: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(target);

describe('README.md and docs/', () => {
  for (const page of pages) {
    it(`${page}: every relative link resolves, anchors included`, () => {
      const text = fs.readFileSync(path.join(root, page), 'utf8');
      const broken: string[] = [];
      for (const target of linkTargets(text)) {
        if (isExternal(target)) continue;
        const [file = '', anchor] = target.split('#');
        const resolved = file === '' ? path.join(root, page) : path.resolve(path.dirname(path.join(root, page)), file);
        if (!resolved.startsWith(root)) {
          broken.push(`${target}: leads outside the repository`);
          continue;
        }
        if (!fs.existsSync(resolved)) {
          broken.push(`${target}: no such file`);
          continue;
        }
        if (anchor !== undefined && resolved.endsWith('.md')) {
          const anchors = headingAnchors(fs.readFileSync(resolved, 'utf8'));
          if (!anchors.has(decodeURIComponent(anchor))) broken.push(`${target}: no heading with that anchor`);
        }
      }
      assert.deepEqual(broken, []);
    });
  }

  it('finds the links it checks', () => {
    // A guard on the link reader itself: the README links into docs/.
    const targets = linkTargets(fs.readFileSync(path.join(root, 'README.md'), 'utf8'));
    assert.ok(targets.includes('docs/configuration.md'), targets.join(', '));
    assert.ok(headingAnchors("## Libraries, and why\n## The audit's cost\n## A\n## A").has('libraries-and-why'));
    assert.deepEqual(
      [...headingAnchors("## The audit's cost\n## Full runs of 2026-11-26 03:57 UTC\n## A\n## A")],
      ['the-audits-cost', 'full-runs-of-2026-11-26-0357-utc', 'a', 'a-1'],
    );
  });

  it('README.md is at most 200 lines, none over 160 characters', () => {
    const lines = fs.readFileSync(path.join(root, 'README.md'), 'utf8').replace(/\n$/, '').split('\n');
    assert.ok(lines.length <= 200, `README.md has ${lines.length} lines`);
    const long = lines.flatMap((line, index) =>
      [...line].length > 160 ? [`line ${index + 1}: ${[...line].length}`] : [],
    );
    assert.deepEqual(long, []);
  });
});
