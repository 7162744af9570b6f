// Whether an agent that runs no script can extract the site's content: the home page, and the first
// other page it links to on its own origin, each read by page-text.ts. An empty app shell fails; a
// page that reads but is thin on text, or whose headings do not outline it, warns.
import type { AuditContext, Fetched } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { evidence, fail, ok, pass, warn } from '../verdict.ts';
import { extractabilityWords } from '../words/extractability.ts';
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
  const say = extractabilityWords(ctx.language);
  const home = await ctx.get(ctx.home, 'text/html');
  const readings: Reading[] = [{ page: home, path: ctx.home.pathname, text: pageText(home.text, ctx.home) }];
  const next = readings[0]!.text.sameSiteLink;
  const other = next === undefined ? undefined : await secondPage(ctx, next);
  if (other) readings.push(other);
  for (const { page, path, text } of readings)
    if (text.words < extractabilityLimits.minWords)
      return fail(
        'extractability',
        say(text.scripts > 0 ? 'scriptWritten' : 'tooThin', { path, words: text.words }),
        evidence(page),
        say('renderFix'),
      );
  for (const reading of readings) {
    const problems = problemsOf(say, reading.text);
    if (problems.length > 0)
      return warn(
        'extractability',
        `${reading.path}: ${problems.join('; ')}`,
        evidence(reading.page, problems[0]),
        say('outlineFix'),
      );
  }
  return pass(
    'extractability',
    readings
      .map(({ path, text }) => say('page', { path, words: text.words, percent: percent(text.textRatio) }))
      .join('; '),
    evidence(home),
  );
}

function problemsOf(say: ReturnType<typeof extractabilityWords>, text: PageText): string[] {
  return [
    text.h1Count !== 1 && say('tooManyH1', { count: text.h1Count }),
    text.skippedHeading !== undefined && say('skippedLevel', { step: text.skippedHeading }),
    text.textRatio < extractabilityLimits.minTextRatio && say('littleText', { percent: percent(text.textRatio) }),
  ].filter((problem): problem is string => typeof problem === 'string');
}

/** The second page read, when it answers with HTML; a page that does not is the site's links' business, not this check's. */
async function secondPage(ctx: AuditContext, href: string): Promise<Reading | undefined> {
  const page = await ctx.get(href, 'text/html').catch(() => undefined);
  if (!page || !ok(page) || page.type !== 'text/html') return undefined;
  const url = new URL(href);
  return { page, path: url.pathname + url.search, text: pageText(page.text, url) };
}

/** A ratio as a whole percentage, which each language's sentence writes with its own % sign. */
const percent = (ratio: number): number => Math.round(ratio * 100);
