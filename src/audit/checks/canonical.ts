// The home page's canonical URL and whether it may be indexed: an agent quoting or citing the site
// keys on the canonical URL, and a search-backed agent never finds a page its robots directives
// mark noindex. Reads the markup (home-markup.ts) and the Link and X-Robots-Tag headers.
import type { AuditContext, Fetched } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { evidence, fail, pass, warn } from '../verdict.ts';
import { canonicalWords } from '../words/canonical.ts';
import { headerLinks } from './home.ts';
import { homeMarkup } from './home-markup.ts';
import { noindexFrom, type Noindex } from './index-directives.ts';

type Say = ReturnType<typeof canonicalWords>;

/** The source of directives read from the X-Robots-Tag header; a meta tag's source is its name. */
const fromHeader = 'x-robots-tag';

export async function canonical(ctx: AuditContext): Promise<CheckResult> {
  const say = canonicalWords(ctx.language);
  const home = await ctx.get(ctx.home, 'text/html');
  const markup = homeMarkup(home);
  const noindex = noindexFrom([
    ...markup.robotsMeta.map((meta) => ({ source: meta.name, ...meta })),
    { source: fromHeader, name: 'x-robots-tag', content: home.headers.get('x-robots-tag') ?? '' },
  ]);
  const everyone = noindex.find((found) => found.agent === undefined);
  if (everyone) return fail('canonical', marked(say, everyone), evidence(home, everyone.value), say('noindexFix'));
  const inMarkup = markup.canonical?.trim() || undefined;
  const inHeader = headerLinks(home.headers.get('link') ?? '').find((link) =>
    link.relations.includes('canonical'),
  )?.target;
  const named = inMarkup ?? inHeader;
  const fix = say('canonicalFix');
  if (named === undefined) return fail('canonical', say('noCanonical'), evidence(home), fix);
  if (!URL.canParse(named, ctx.home.href) || !/^https?:$/.test(new URL(named, ctx.home).protocol))
    return fail('canonical', say('notHttp'), evidence(home, named), fix);
  const url = new URL(named, ctx.home);
  const headerUrl =
    inHeader !== undefined && URL.canParse(inHeader, ctx.home.href) ? new URL(inHeader, ctx.home) : undefined;
  if (inMarkup !== undefined && headerUrl !== undefined && url.href !== headerUrl.href)
    return warn('canonical', say('disagree'), evidence(home, `${inMarkup} / ${inHeader}`), say('disagreeFix'));
  if (!isOwnSite(url, ctx.home))
    return warn('canonical', say('otherSite', { host: url.host }), evidence(home, url.href), say('otherSiteFix'));
  return (
    scopedNoindex(say, home, noindex) ?? pass('canonical', say('passed', { url: url.href }), evidence(home, url.href))
  );
}

/** Where and how the home page is marked noindex, for every crawler or for the one it names. */
function marked(say: Say, { source, directive, agent }: Noindex): string {
  if (agent === undefined)
    return source === fromHeader
      ? say('noindexInHeader', { directive })
      : say('noindexInMeta', { directive, meta: source });
  return source === fromHeader
    ? say('scopedInHeader', { directive, agent })
    : say('scopedInMeta', { directive, agent, meta: source });
}

/** A noindex aimed at one crawler (`googlebot: noindex`): the page stays indexable for the others. */
function scopedNoindex(say: Say, home: Fetched, noindex: Noindex[]): CheckResult | undefined {
  const first = noindex[0];
  if (!first) return undefined;
  return warn('canonical', marked(say, first), evidence(home, first.value), say('scopedFix'));
}

/**
 * Whether `url` names the site audited at `home`. Scheme and a leading `www.` are not the site (an
 * http address upgraded to https, a bare domain redirecting to www are one site), and an audit of an
 * IP address cannot tell the site's name from its address, so any name is taken as it.
 */
function isOwnSite(url: URL, home: URL): boolean {
  const bare = (host: string): string => host.replace(/^www\./, '');
  if (bare(url.host) === bare(home.host)) return true;
  return /^[\d.]+$|^\[/.test(home.hostname);
}
