// llms.txt: served as text, an H1 first, and the site's own links in it resolving (external links
// are listed, not followed: their answer is another site's business). The file read is the one the
// home page advertises (`Link: <…llms.txt>; rel="describedby"`, or its `<link>`: llms.txt v2, where a
// site may scope it, /docs/llms.txt), else the audited path's own, else /llms.txt.
import type { AuditContext, Fetched } from '../context.ts';
import { auditLimits } from '../fetch/limits.ts';
import type { CheckResult } from '../report.ts';
import { evidence, fail, ok, pass } from '../verdict.ts';
import { llmsTxtWords } from '../words/llms-txt.ts';
import { headerLinks } from './home.ts';
import { homeMarkup } from './home-markup.ts';

type Via = 'describedby' | 'scope' | 'root';

/** The llms.txt files the home page advertises by `describedby`, in header then markup order. */
async function advertised(ctx: AuditContext): Promise<string[]> {
  const home = await ctx.get(ctx.home, 'text/html');
  const targets = [
    ...headerLinks(home.headers.get('link') ?? '')
      .filter((link) => link.relations.includes('describedby'))
      .map((link) => link.target),
    ...homeMarkup(home).describedBy,
  ];
  const urls = targets
    .filter((target) => URL.canParse(target, home.url))
    .map((target) => new URL(target, home.url))
    .filter((url) => /^https?:$/.test(url.protocol) && /(^|\/)llms\.txt$/i.test(url.pathname));
  return [...new Set(urls.map((url) => url.href))];
}

/** The file to judge: the first advertised (which must answer), else the audited path's own if it answers, else the root's. */
async function findFile(ctx: AuditContext): Promise<{ file: Fetched; via: Via }> {
  const accept = 'text/markdown, text/plain';
  const [first] = await advertised(ctx);
  if (first) return { file: await ctx.get(first, accept), via: 'describedby' };
  const root = new URL('/llms.txt', ctx.site).href;
  const scoped = new URL('llms.txt', ctx.home).href;
  if (scoped !== root) {
    const file = await ctx.get(scoped, accept);
    if (ok(file)) return { file, via: 'scope' };
  }
  return { file: await ctx.get(root, accept), via: 'root' };
}

export async function llmsTxt(ctx: AuditContext): Promise<CheckResult> {
  const say = llmsTxtWords(ctx.language);
  const { file, via } = await findFile(ctx);
  const url = new URL(file.url);
  const path = url.origin === ctx.site.origin ? url.pathname : url.href;
  if (!ok(file))
    return fail('llms-txt', say('notServed', { path, status: file.status, via }), evidence(file), say('publish'));
  if (file.type !== 'text/plain' && file.type !== 'text/markdown') {
    return fail(
      'llms-txt',
      file.type ? say('wrongType', { path, type: file.type }) : say('servedWithoutType', { path }),
      evidence(file, file.type),
      say('serveAsText', { path }),
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
        .filter((link) => /^https?:$/.test(link.protocol))
        .map((link) => link.href),
    ),
  ];
  if (links.length === 0) return fail('llms-txt', say('noLinks'), evidence(file, first), say('listPages'));
  const own = links.filter((href) => new URL(href).origin === ctx.site.origin).slice(0, auditLimits.maxFollowedLinks);
  for (const href of own) {
    const target = await ctx.get(href);
    if (!ok(target))
      return fail('llms-txt', say('brokenLink', { status: target.status }), evidence(target, href), say('fixLinks'));
  }
  return pass('llms-txt', say('passed', { links: links.length, own: own.length, path, via }), evidence(file, first));
}
