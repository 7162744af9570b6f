// /llms.txt: served as text, an H1 first, and the site's own links in it resolving (external links
// are listed, not followed: their answer is another site's business).
import type { AuditContext } from '../context.ts';
import { auditLimits } from '../fetch/limits.ts';
import type { CheckResult } from '../report.ts';
import { counted, evidence, fail, ok, pass } from '../verdict.ts';

export async function llmsTxt(ctx: AuditContext): Promise<CheckResult> {
  const file = await ctx.get('/llms.txt', 'text/markdown, text/plain');
  if (!ok(file))
    return fail(
      'llms-txt',
      `/llms.txt answers ${file.status}`,
      evidence(file),
      'Publish /llms.txt: a markdown index of your key pages for language models, starting with "# <site name>".',
    );
  if (file.type !== 'text/plain' && file.type !== 'text/markdown') {
    return fail(
      'llms-txt',
      `/llms.txt is served as ${file.type || 'no type'}`,
      evidence(file, file.type),
      'Serve /llms.txt as text/markdown or text/plain.',
    );
  }
  // A byte-order mark before the heading is the encoding's, not the text's.
  const text = file.text.replace(/^\uFEFF/, '');
  const first = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  if (!/^# \S/.test(first))
    return fail(
      'llms-txt',
      'llms.txt does not start with an H1',
      evidence(file, first),
      'Start llms.txt with one "# " heading naming the site, as the llms.txt format requires.',
    );
  const links = [
    ...new Set(
      [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?/g)]
        .map(([, href]) => href!)
        .filter((href) => URL.canParse(href, file.url))
        .map((href) => new URL(href, file.url))
        .filter((url) => /^https?:$/.test(url.protocol))
        .map((url) => url.href),
    ),
  ];
  if (links.length === 0)
    return fail(
      'llms-txt',
      'llms.txt links to no page',
      evidence(file, first),
      'List your key pages in llms.txt as markdown links ("- [Title](https://…): what it holds"), as the llms.txt format asks.',
    );
  const own = links.filter((href) => new URL(href).origin === ctx.site.origin).slice(0, auditLimits.maxFollowedLinks);
  for (const href of own) {
    const target = await ctx.get(href);
    if (!ok(target))
      return fail(
        'llms-txt',
        `a link in llms.txt answers ${target.status}`,
        evidence(target, href),
        'Fix or remove the links in llms.txt that do not resolve.',
      );
  }
  return pass(
    'llms-txt',
    `llms.txt has an H1 and ${counted(links.length, 'link')}; ${own.length} of the site's own resolve`,
    evidence(file, first),
  );
}
