// How the edge check reads what a CDN or firewall answered: whether a page is a bot challenge (and
// whose), and whether two answers are the same page. Only a page's first bytes are read
// (edgePageBytes), so twenty answers cost the audit little; the words are compared as sets, so a
// nonce, a date or a rotating teaser does not count as a different page.
import { Parser } from 'htmlparser2';
import { unseen } from './page-text.ts';

/** Bytes of each answer the edge check reads: enough for a challenge page and a home page's first screens. */
export const edgePageBytes = 64 * 1024;

/**
 * Signs of a bot challenge or block page, by the vendor that serves it (first match wins). A header
 * is matched by name and value, a body by a literal that the vendor's challenge page carries.
 */
const challengeSigns: readonly { vendor: string; header?: [string, RegExp]; body?: RegExp }[] = [
  // A vendor of '' is a challenge page that names none.
  { vendor: 'Cloudflare', header: ['cf-mitigated', /challenge/i] },
  {
    vendor: 'Cloudflare',
    body: /<title>\s*(Just a moment\.\.\.|Attention Required! \| Cloudflare)|\/cdn-cgi\/challenge-platform\/|_cf_chl_opt|cf-chl-/i,
  },
  { vendor: 'AWS WAF', header: ['x-amzn-waf-action', /challenge|captcha/i] },
  { vendor: 'AWS WAF', body: /AwsWafIntegration|awswaf\.com/i },
  { vendor: 'DataDome', body: /captcha-delivery\.com|geo\.captcha-delivery/i },
  { vendor: 'HUMAN (PerimeterX)', body: /px-captcha|_pxCaptcha|human-challenge/i },
  { vendor: 'Vercel', body: /<title>\s*Vercel Security Checkpoint/i },
  { vendor: 'Akamai', body: /<title>\s*Access Denied\s*<\/title>[\s\S]*Reference #/i },
  { vendor: 'Sucuri', body: /Sucuri WebSite Firewall/i },
  { vendor: 'SiteGround', body: /sgcaptcha/i },
  { vendor: 'DDoS-Guard', body: /ddos-guard\.net\/|<title>\s*DDoS-Guard/i },
  { vendor: '', body: /Checking (if the site connection is secure|your browser before accessing)/i },
];

/** The vendor whose challenge or block page this is ('' when the page says it checks the browser but names no vendor), or undefined. */
export function challengeOf(headers: Headers, head: string): string | undefined {
  for (const sign of challengeSigns) {
    const [name, value] = sign.header ?? [];
    if (name && value?.test(headers.get(name) ?? '')) return sign.vendor;
    if (sign.body?.test(head)) return sign.vendor;
  }
  return undefined;
}

/** A page as compared: its title and the distinct words a reader without script sees. */
export interface PageSketch {
  title: string;
  words: Set<string>;
}

/** Distinct words kept per page: enough to compare, bounded whatever the page holds. */
const maxWords = 2000;

export function sketchOf(html: string): PageSketch {
  const words = new Set<string>();
  let title = '';
  let hidden = 0;
  let inTitle = false;
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'title') inTitle = true;
        if (unseen.has(name)) hidden += 1;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (unseen.has(name) && hidden > 0) hidden -= 1;
      },
      ontext(data) {
        if (inTitle) title += data;
        if (hidden > 0) return;
        for (const word of data.toLowerCase().split(/[^\p{L}\p{N}]+/u))
          if (word && words.size < maxWords) words.add(word);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return { title: title.replace(/\s+/g, ' ').trim(), words };
}

/**
 * Whether `other` is materially another page than `page`: another title, or fewer than half of the
 * words the two hold between them in common (Jaccard similarity under 0.5).
 */
export function differs(page: PageSketch, other: PageSketch): boolean {
  if (page.title !== other.title) return true;
  const all = new Set([...page.words, ...other.words]);
  if (all.size === 0) return false;
  let shared = 0;
  for (const word of page.words) if (other.words.has(word)) shared += 1;
  return shared / all.size < 0.5;
}
