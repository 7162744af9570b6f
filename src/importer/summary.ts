// What the operator reads after an import: what was imported and from where, what was recognised of
// the agency, what failed and why, the gaps to fill, and the files kept because they were edited.
import type { Agency } from './agency.ts';
import type { CrawlReport } from './crawl.ts';
import type { ImportIo, ImportOptions } from './options.ts';
import { wantedCoverage } from './coverage.ts';
import type { ContentPlan } from './plan-content.ts';
import type { WriteResult } from './write-folder.ts';

export interface Summary {
  options: ImportOptions;
  report: CrawlReport;
  agency: Agency;
  plan: ContentPlan;
  written: WriteResult;
  problems: string[];
  seconds: number;
}

export function printSummary(io: ImportIo, s: Summary): void {
  const { report, plan, written, agency } = s;
  const kinds = (kind: string): number => plan.pages.filter((page) => page.kind === kind).length;
  io.out(
    `Imported ${report.pages.length} pages of ${report.start.origin} into ${s.options.out} in ${s.seconds.toFixed(1)} s`,
  );
  if (report.start.href !== s.options.start.href) io.out(`  (${s.options.start.href} leads to ${report.start.href})`);
  io.out(
    `  ${kinds('service') + plan.extraServices.length} services, ${kinds('case-study')} case studies, ${kinds('page') + kinds('home')} other pages`,
  );
  io.out(
    `  found through: robots.txt ${report.robots === 'none' ? 'none' : report.robots.includes(' answered ') ? report.robots : 'read'}; sitemaps ${report.sitemaps.read.length} (${report.sitemaps.urls.length} addresses); then links on the pages`,
  );
  io.out(
    `  files: ${written.written.length} new, ${written.updated.length} updated, ${written.unchanged.length} unchanged, ${written.kept.length} kept`,
  );
  if (report.leftAtMaxPages > 0)
    io.out(
      `Stopped at --max-pages ${s.options.limits.maxPages}: ${report.leftAtMaxPages} more addresses known and not read (raise --max-pages to import them)`,
    );
  if (report.leftAtTimeLimit > 0)
    io.out(
      `Stopped at the time limit (${s.options.limits.timeLimitMs / 1000} s): ${report.leftAtTimeLimit} addresses not read (raise --time-limit)`,
    );
  coverageLines(io, plan.pages);
  io.out('Pages:');
  for (const page of plan.pages)
    io.out(
      `  ${page.source} → ${page.file}${page.language ? ` (${page.language}${page.translationOf ? `, translates ${page.translationOf}` : ''})` : ''}`,
    );
  io.out('Recognised:');
  for (const [label, found] of [
    ['name', agency.name],
    ['e-mail', agency.email],
    ['telephone', agency.phone],
    ['logo', agency.logo],
  ] as const)
    io.out(found ? `  ${label}: ${found.value} (from ${found.from})` : `  ${label}: not found`);
  for (const [from, names] of Map.groupBy(plan.extraServices, (service) => service.from))
    io.out(`  services: ${names.map((service) => service.name).join(', ')} (from ${from})`);
  if (report.failed.length > 0) {
    io.out(`Failed (${report.failed.length}):`);
    for (const failure of report.failed) io.out(`  ${failure.url}: ${failure.reason}`);
  }
  if (report.sitemaps.failed.length > 0) {
    io.out('Sitemaps not read:');
    for (const failure of report.sitemaps.failed) io.out(`  ${failure.url}: ${failure.reason}`);
  }
  if (report.passed.length > 0) {
    io.out(`Not pages, not imported (${report.passed.length}):`);
    for (const passed of report.passed.slice(0, 20)) io.out(`  ${passed.url}: ${passed.reason}`);
    if (report.passed.length > 20) io.out(`  … and ${report.passed.length - 20} more`);
  }
  if (written.failed.length > 0) {
    io.out(`Not written (${written.failed.length}):`);
    for (const failure of written.failed) io.out(`  ${failure.file}: ${failure.why}`);
  }
  if (written.updated.length > 0) {
    io.out(`Updated from the origin (${written.updated.length}):`);
    for (const file of written.updated) io.out(`  ${file}`);
  }
  if (written.kept.length > 0) {
    io.out(`Kept as they are (${written.kept.length}):`);
    for (const kept of written.kept) io.out(`  ${kept.file}: ${kept.why}`);
  }
  if (written.gone.length > 0) {
    io.out('No longer at the origin:');
    const removed = new Set(written.removed);
    for (const file of written.gone) io.out(`  ${file} (${removed.has(file) ? 'removed' : 'left in place'})`);
  }
  io.out(`Needs you (${plan.gaps.length} gaps, marked "GAP" in the files):`);
  for (const gap of plan.gaps) io.out(`  ${gap.file} ${gap.field}: ${gap.why}`);
  if (s.problems.length > 0) {
    io.out(`The content check found ${s.problems.length} errors (a fault of the import; please report it):`);
    for (const problem of s.problems) io.out(`  ${problem}`);
  } else io.out(`Content check: OK. Preview with CONTENT_DIR=${s.options.out} npm start`);
}

/** How much of their pages' main text the twins keep: the lowest and the median, and each twin short of it. */
function coverageLines(io: ImportIo, pages: ContentPlan['pages']): void {
  if (pages.length === 0) return;
  const ranked = [...pages].sort((a, b) => a.coverage - b.coverage);
  const middle = ranked.length / 2;
  const median =
    ranked.length % 2
      ? ranked[Math.floor(middle)]!.coverage
      : (ranked[middle - 1]!.coverage + ranked[middle]!.coverage) / 2;
  const percent = (share: number): string => `${Math.floor(share * 1000) / 10} %`;
  io.out(
    `  twins keep of their page's main text: lowest ${percent(ranked[0]!.coverage)} (${ranked[0]!.source}), median ${percent(median)}`,
  );
  for (const page of ranked.filter((page) => page.coverage < wantedCoverage))
    io.out(`    ${page.source} keeps ${percent(page.coverage)}: compare ${page.file} with the page`);
}
