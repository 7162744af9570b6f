// Whether an agent that runs no script can extract the site's content: the home page, and the first
// other page it links to on its own origin, each read by page-text.ts. An empty app shell fails; a
// page that reads but is thin on text, or whose headings do not outline it, warns.
import type { AuditContext, Fetched } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { evidence, fail, ok, pass, warn } from '../verdict.ts';
import { pageText, type PageText } from './page-text.ts';

/**
 * Below these a page is an app shell (words) or mostly markup (ratio). A real home page has hundreds
 * of words; SEO tools flag a text-to-markup ratio under 10%, half of that leaves room for inline styles.
 */
export const extractabilityLimits = { minWords: 50, minTextRatio: 0.05 } as const;

interface Reading {
  page: Fetched;
  path: string;
  text: PageText;
}

export async function extractability(ctx: AuditContext): Promise<CheckResult> {
  const home = await ctx.get(ctx.home, 'text/html');
  const readings: Reading[] = [{ page: home, path: ctx.home.pathname, text: pageText(home.text, ctx.home) }];
  const next = readings[0]!.text.sameSiteLink;
  const other = next === undefined ? undefined : await secondPage(ctx, next);
  if (other) readings.push(other);
  for (const { page, path, text } of readings)
    if (text.words < extractabilityLimits.minWords)
      return fail(
        'extractability',
        `${path} shows ${text.words} words without script${text.scripts > 0 ? ': its content is written by script' : ', too little for an agent to read'}`,
        evidence(page),
        'Render the main content into the HTML on the server (or prerender it), so agents that run no script read it.',
      );
  for (const reading of readings) {
    const problems = problemsOf(reading.text);
    if (problems.length > 0)
      return warn(
        'extractability',
        `${reading.path}: ${problems.join('; ')}`,
        evidence(reading.page, problems[0]),
        'Give each page one <h1>, headings that descend one level at a time, and more text than markup (move inline data and styles to files).',
      );
  }
  return pass(
    'extractability',
    readings
      .map(({ path, text }) => `${path}: ${text.words} words, ${percent(text.textRatio)} text, one h1`)
      .join('; '),
    evidence(home),
  );
}

function problemsOf(text: PageText): string[] {
  return [
    text.h1Count !== 1 && `${text.h1Count} h1 elements`,
    text.skippedHeading !== undefined && `a heading skips a level (${text.skippedHeading})`,
    text.textRatio < extractabilityLimits.minTextRatio && `${percent(text.textRatio)} of the markup is text`,
  ].filter((problem): problem is string => typeof problem === 'string');
}

/** The second page read, when it answers with HTML; a page that does not is the site's links' business, not this check's. */
async function secondPage(ctx: AuditContext, href: string): Promise<Reading | undefined> {
  const page = await ctx.get(href, 'text/html').catch(() => undefined);
  if (!page || !ok(page) || page.type !== 'text/html') return undefined;
  const url = new URL(href);
  return { page, path: url.pathname + url.search, text: pageText(page.text, url) };
}

const percent = (ratio: number): string => `${Math.round(ratio * 100)}%`;
