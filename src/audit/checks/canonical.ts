// The home page's canonical URL and whether it may be indexed: an agent quoting or citing the site
// keys on the canonical URL, and a search-backed agent never finds a page its robots directives
// mark noindex. Reads the markup (home-markup.ts) and the Link and X-Robots-Tag headers.
import type { AuditContext, Fetched } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { evidence, fail, pass, warn } from '../verdict.ts';
import { headerLinks } from './home.ts';
import { homeMarkup } from './home-markup.ts';
import { noindexFrom } from './index-directives.ts';

export async function canonical(ctx: AuditContext): Promise<CheckResult> {
  const home = await ctx.get(ctx.home, 'text/html');
  const markup = homeMarkup(home);
  const noindex = noindexFrom([
    ...markup.robotsMeta.map((meta) => ({ source: `${meta.name} meta tag`, ...meta })),
    { source: 'X-Robots-Tag header', name: 'x-robots-tag', content: home.headers.get('x-robots-tag') ?? '' },
  ]);
  const everyone = noindex.find((found) => found.agent === undefined);
  if (everyone)
    return fail(
      'canonical',
      `the home page is marked ${everyone.directive} in its ${everyone.source}`,
      evidence(home, everyone.value),
      "Remove noindex (and none) from the home page's robots meta tag and X-Robots-Tag header, so search-backed agents can find it.",
    );
  const inMarkup = markup.canonical?.trim() || undefined;
  const inHeader = headerLinks(home.headers.get('link') ?? '').find((link) =>
    link.relations.includes('canonical'),
  )?.target;
  const named = inMarkup ?? inHeader;
  const fix =
    'Name the home page\'s own URL in <link rel="canonical" href="…"> (or a Link header with rel="canonical").';
  if (named === undefined) return fail('canonical', 'the home page names no canonical URL', evidence(home), fix);
  if (!URL.canParse(named, ctx.home.href) || !/^https?:$/.test(new URL(named, ctx.home).protocol))
    return fail('canonical', 'the canonical URL is not an http(s) URL', evidence(home, named), fix);
  const url = new URL(named, ctx.home);
  const headerUrl =
    inHeader !== undefined && URL.canParse(inHeader, ctx.home.href) ? new URL(inHeader, ctx.home) : undefined;
  if (inMarkup !== undefined && headerUrl !== undefined && url.href !== headerUrl.href)
    return warn(
      'canonical',
      'the markup and the Link header name different canonical URLs',
      evidence(home, `${inMarkup} / ${inHeader}`),
      'Name one canonical URL: the same in the markup and the Link header.',
    );
  if (!isOwnSite(url, ctx.home))
    return warn(
      'canonical',
      `the canonical URL is on another site (${url.host})`,
      evidence(home, url.href),
      'Point the canonical URL at this site: an agent credits the site the canonical URL names.',
    );
  return (
    scopedNoindex(home, noindex) ?? pass('canonical', `canonical ${url.href}, indexable`, evidence(home, url.href))
  );
}

/** A noindex aimed at one crawler (`googlebot: noindex`): the page stays indexable for the others. */
function scopedNoindex(home: Fetched, noindex: ReturnType<typeof noindexFrom>): CheckResult | undefined {
  const first = noindex[0];
  if (!first) return undefined;
  return warn(
    'canonical',
    `the home page is marked ${first.directive} for ${first.agent} in its ${first.source}`,
    evidence(home, first.value),
    'Remove noindex for that crawler unless it is meant: the agents behind it will not find the site.',
  );
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
