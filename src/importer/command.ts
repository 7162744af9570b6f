// `agentsite import <url> --out <folder>`: crawl, recognise, plan, write, check, report. Exit 0 when
// every page found was imported, 1 when some failed (each listed with why), 2 for a bad URL or an
// origin that does not answer. The folder is checked with the content loader itself after writing,
// so what this prints as imported is what the server will load.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadContent } from '../domain/content/loader.ts';
import { recogniseAgency } from './agency.ts';
import { crawl } from './crawl.ts';
import { createFetcher, type PageFetcher } from './fetch-page.ts';
import { fetchLogo } from './logo.ts';
import { type ImportIo, ImportUsageError, importUsage, parseImportArgs, type ImportOptions } from './options.ts';
import { planContent } from './plan-content.ts';
import { printSummary } from './summary.ts';
import type { CrawledPage } from './page-reader.ts';
import { originRobotsName, type PageValidators, readManifest, writeFolder } from './write-folder.ts';

/**
 * Standard output and error, every line through `clean` (the CLI's `printable`: titles and addresses
 * come from another site and must not act on the terminal); the progress line only on a terminal.
 */
export function terminalIo(clean: (text: string) => string): ImportIo {
  return {
    out: (line) => process.stdout.write(`${clean(line)}\n`),
    err: (line) => process.stderr.write(`${clean(line)}\n`),
    ...(process.stdout.isTTY && {
      progress: (text: string) =>
        process.stdout.write(`\r\x1b[2K${clean(text).slice(0, (process.stdout.columns || 80) - 1)}`),
    }),
  };
}

export async function importCommand(argv: string[], io: ImportIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(importUsage.trimEnd());
    return 0;
  }
  let options: ImportOptions;
  try {
    options = parseImportArgs(argv);
  } catch (error) {
    if (!(error instanceof ImportUsageError)) throw error;
    io.err(`agentsite import: ${error.message}`);
    io.err(importUsage.trimEnd());
    return 2;
  }
  return runImport(options, io);
}

export async function runImport(options: ImportOptions, io: ImportIo): Promise<number> {
  const started = performance.now();
  const timeLimit = AbortSignal.timeout(options.limits.timeLimitMs);
  const deadline = options.signal ? AbortSignal.any([timeLimit, options.signal]) : timeLimit;
  const fetcher = createFetcher(options.limits, deadline, options.start);
  try {
    return await importWith(fetcher, deadline, options, io, started);
  } finally {
    await fetcher.close();
  }
}

async function importWith(
  fetcher: PageFetcher,
  deadline: AbortSignal,
  options: ImportOptions,
  io: ImportIo,
  started: number,
): Promise<number> {
  const report = await crawl(options.start, options.limits, fetcher, deadline, (done, limit, current) =>
    io.progress?.(`[${done}/${limit}] ${current}`),
  );
  io.progress?.('');
  if ('unreachable' in report) {
    io.err(`agentsite import: ${options.start.origin} does not answer: ${report.unreachable}`);
    return 2;
  }
  if (report.pages.length === 0) {
    io.err(`agentsite import: no page of ${options.start.href} could be imported; nothing was written`);
    for (const failure of [...report.failed, ...report.passed]) io.err(`  ${failure.url}: ${failure.reason}`);
    return 1;
  }
  const startPath = report.start.pathname;
  const agency = recogniseAgency(
    report.pages.map((page) => ({
      url: page.url,
      source: page.source,
      facts: page.facts,
      isHome: page.source === startPath || page.url.pathname === '/',
      isContact: /contact|kontakt/i.test(page.url.pathname),
    })),
  );
  const previous = await readManifest(options.out);
  const today = previous?.firstImport ?? new Date().toISOString().slice(0, 10);
  const logo = agency.logo && (await fetchLogo(agency.logo.value, fetcher));
  const plan = planContent(report.pages, report.start, agency, today, logo);
  // Kept for front mode, whose robots.txt must say no more than the origin's while it cannot read it;
  // a robots.txt the origin failed to give this time leaves the last copy as it is.
  const robots =
    report.robotsText ?? (await readFile(path.join(options.out, originRobotsName), 'utf8').catch(() => undefined));
  if (robots !== undefined) plan.files.set(originRobotsName, robots);
  // Only a crawl that read every address it knew (or was told it is gone) can tell a page is gone.
  const complete =
    report.failed.every((failure) => failure.status === 404 || failure.status === 410) &&
    report.leftAtMaxPages === 0 &&
    report.leftAtTimeLimit === 0;
  const written = await writeFolder(
    options.out,
    {
      files: plan.files,
      origin: report.start.origin,
      addresses: plan.addresses,
      validators: pageValidators(report.pages),
      removeGone: options.removeGone === true && complete,
    },
    previous,
    today,
  );
  const problems = await loadContent(options.out).then(
    () => [],
    (error: { issues?: { located: string }[] }) =>
      (error.issues ?? [{ located: String(error) }]).map((issue) => issue.located),
  );
  printSummary(io, { options, report, agency, plan, written, problems, seconds: (performance.now() - started) / 1000 });
  const failed = report.failed.length + written.failed.length;
  return failed > 0 || report.leftAtTimeLimit > 0 || problems.length > 0 ? 1 : 0;
}

/** Each page's validators by its address at the origin, for the pages that had any. */
function pageValidators(pages: readonly CrawledPage[]): Record<string, PageValidators> {
  const validators: Record<string, PageValidators> = {};
  for (const { source, etag, lastModified } of pages) {
    if (etag || lastModified) validators[source] = { ...(etag && { etag }), ...(lastModified && { lastModified }) };
  }
  return validators;
}
