// /llms.txt: served as text, an H1 first, and the site's own links in it resolving (external links
// are listed, not followed: their answer is another site's business).
import type { AuditContext } from '../context.ts';
import { auditLimits } from '../fetch/limits.ts';
import type { CheckResult } from '../report.ts';
import { evidence, fail, ok, pass } from '../verdict.ts';
import { llmsTxtWords } from '../words/llms-txt.ts';

export async function llmsTxt(ctx: AuditContext): Promise<CheckResult> {
  const say = llmsTxtWords(ctx.language);
  const file = await ctx.get('/llms.txt', 'text/markdown, text/plain');
  if (!ok(file)) return fail('llms-txt', say('notServed', { status: file.status }), evidence(file), say('publish'));
  if (file.type !== 'text/plain' && file.type !== 'text/markdown') {
    return fail(
      'llms-txt',
      file.type ? say('wrongType', { type: file.type }) : say('servedWithoutType'),
      evidence(file, file.type),
      say('serveAsText'),
    );
  }
  // A byte-order mark before the heading is the encoding's, not the text's.
  const text = file.text.replace(/^\uFEFF/, '');
  const first = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  if (!/^# \S/.test(first)) return fail('llms-txt', say('noHeading'), evidence(file, first), say('startWithHeading'));
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
  if (links.length === 0) return fail('llms-txt', say('noLinks'), evidence(file, first), say('listPages'));
  const own = links.filter((href) => new URL(href).origin === ctx.site.origin).slice(0, auditLimits.maxFollowedLinks);
  for (const href of own) {
    const target = await ctx.get(href);
    if (!ok(target))
      return fail('llms-txt', say('brokenLink', { status: target.status }), evidence(target, href), say('fixLinks'));
  }
  return pass('llms-txt', say('passed', { links: links.length, own: own.length }), evidence(file, first));
}
