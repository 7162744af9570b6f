// The XML sitemap robots.txt names (or /sitemap.xml): a urlset or sitemapindex document, read with
// htmlparser2's XML tokenizer in one pass. A gzipped sitemap (sitemap.xml.gz, as the sitemaps
// protocol allows) is unpacked first, to no more than the audit reads of one response.
import { gunzipSync } from 'node:zlib';
import { Parser } from 'htmlparser2';
import type { AuditContext, Fetched } from '../context.ts';
import { auditLimits } from '../fetch/limits.ts';
import type { CheckResult } from '../report.ts';
import { evidence, fail, ok, pass } from '../verdict.ts';
import { sitemapWords } from '../words/sitemap.ts';
import { robotsValues } from './robots.ts';

const roots = new Set(['urlset', 'sitemapindex']);

/** The sitemap's root element and how many `<loc>` it holds; root '' when it is not XML with elements. */
function readSitemap(xml: string): { root: string; locations: number } {
  let root = '';
  let locations = 0;
  const localName = (name: string): string => name.slice(name.indexOf(':') + 1).toLowerCase();
  const parser = new Parser(
    {
      onopentag(name) {
        if (!root) root = localName(name);
        else if (localName(name) === 'loc') locations += 1;
      },
    },
    { xmlMode: true },
  );
  parser.end(xml);
  return { root, locations };
}

/** The document's text, unpacked when it is gzip (by its magic bytes, whatever its headers say). */
function sitemapText(fetched: Fetched): string | undefined {
  if (fetched.bytes[0] !== 0x1f || fetched.bytes[1] !== 0x8b) return fetched.text;
  try {
    return gunzipSync(fetched.bytes, { maxOutputLength: auditLimits.maxResponseBytes }).toString('utf8');
  } catch {
    return undefined;
  }
}

export async function sitemap(ctx: AuditContext): Promise<CheckResult> {
  const say = sitemapWords(ctx.language);
  const named = (await robotsValues(ctx, 'sitemap'))[0];
  const fetched = await ctx.get(named ?? '/sitemap.xml', 'application/xml');
  const fix = say('fix');
  if (!ok(fetched))
    return fail(
      'sitemap',
      say(named ? 'namedNotServed' : 'notServed', { status: fetched.status }),
      evidence(fetched),
      fix,
    );
  const text = sitemapText(fetched);
  if (text === undefined)
    return fail('sitemap', say('tooLarge', { max: auditLimits.maxResponseBytes }), evidence(fetched), fix);
  const { root, locations } = readSitemap(text);
  if (!roots.has(root)) return fail('sitemap', say('notSitemap'), evidence(fetched, text), fix);
  return pass('sitemap', say(named ? 'passedNamed' : 'passed', { count: locations }), evidence(fetched));
}
