// `npm run content:check [folder]`: validates the content folder (the argument, CONTENT_DIR or the
// shipped demo content) and prints a summary, or every mistake with its file, field and line and
// exits 1. Either way it then lists every gap the import left (file, line, what it needs; `--strict`
// exits 1 while any is left) and says what each optional field the content leaves out means.
// The rest is imported after node-version.ts, which stops an older Node with a clear line.
import './kernel/node-version.ts';
import path from 'node:path';

const { demoContentDir } = await import('./config/config.ts');
const { ContentError } = await import('./domain/content/content-error.ts');
const { loadContent } = await import('./domain/content/loader.ts');
const { describeGap } = await import('./domain/content/gaps.ts');
type ContentGap = import('./domain/content/gaps.ts').ContentGap;

const args = process.argv.slice(2);
const strict = args.includes('--strict');
const folder = args.find((arg) => !arg.startsWith('--'));
const dir = path.resolve(folder ?? process.env.CONTENT_DIR?.trim() ?? demoContentDir);
let notes: string[];
let gaps: ContentGap[];
try {
  const content = await loadContent(dir);
  const pages = content.pages.filter((page) => !page.caseStudySlug).length;
  console.log(`Content OK in ${dir}`);
  console.log(
    `  brand: ${content.site.brandName}${content.site.sample ? ' (sample content)' : ''}, tool prefix: ${content.site.toolPrefix}`,
  );
  console.log(
    `  ${pages} pages, ${content.caseStudies.length} case studies (${content.proofPoints.length} flagship), ${content.services.length} services, ${content.reasons.length} reasons, ${content.skills.length} agent skills`,
  );
  notes = content.notes;
  gaps = content.gaps;
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  const count = error.issues.length;
  console.error(`Content error${count === 1 ? '' : `s (${count})`} in ${dir}:`);
  for (const issue of error.issues) console.error(`  ${issue.located}`);
  process.exitCode = 1;
  notes = error.notes;
  gaps = error.gaps;
}
if (gaps.length > 0) {
  console.log(`Gaps left by the import (${gaps.length}), not published until filled:`);
  for (const gap of gaps) console.log(`  ${describeGap(gap)}`);
  if (strict) {
    console.error(`Not ready: ${gaps.length} gap${gaps.length === 1 ? '' : 's'} left (--strict).`);
    process.exitCode = 1;
  }
}
if (notes.length > 0) {
  console.log('Optional fields left out (docs/content.md gives every default):');
  for (const note of notes) console.log(`  ${note}`);
}
