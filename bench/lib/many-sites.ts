// A SITES_DIR of many small sites for the bench (never shipped content): each folder a copy of the
// small retail-studio fixture under a brand and words of its own, with 0-19 generated case studies on
// top of its 11 pages (so 11-30 pages a site), its site.yaml naming the host site-0001.example and so on;
// and one large site with as many case studies as the many, to set beside them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './processes.ts';

const template = path.join(root, 'test/fixtures/retail-studio');
const syllables = 'ka lo mi ne ru sa vi to pe da fu ri zo ma ke nu'.split(' ');

/** The site's key (its folder's name), which is also its host's first label. */
export const siteKey = (n: number): string => `site-${String(n).padStart(4, '0')}`;
export const siteHost = (n: number): string => `${siteKey(n)}.example`;

/** A word only site `n` uses (a syllable per hex digit of n and k: unique for n < 65 536, k < 256). */
function word(n: number, k: number): string {
  const digits = [n & 15, (n >> 4) & 15, (n >> 8) & 15, (n >> 12) & 15, k & 15, (k >> 4) & 15];
  return digits.map((d, i) => syllables[(d + i * 5) % syllables.length]).join('');
}

/** Writes site `n` into `sitesDir/<key>` (through a dot-folder renamed at the end, which a look skips). */
export function writeSite(sitesDir: string, n: number): string {
  const key = siteKey(n);
  const staging = path.join(sitesDir, `.${key}`);
  fs.cpSync(template, staging, { recursive: true });
  const brand = `${capital(word(n, 0))} Studio`;
  for (const file of fs.readdirSync(staging, { recursive: true, encoding: 'utf8' })) {
    const full = path.join(staging, file);
    if (!fs.statSync(full).isFile() || !/\.(md|ya?ml)$/.test(file)) continue;
    fs.writeFileSync(full, fs.readFileSync(full, 'utf8').replaceAll('Mossgrove', brand));
  }
  for (let k = 0; k < (n * 7) % 20; k += 1) {
    const client = `${capital(word(n, k + 1))} Goods`;
    fs.writeFileSync(
      path.join(staging, 'case-studies', `${word(n, k + 1)}-${k}.md`),
      study(client, word(n, k + 1), `2025-${String((k % 12) + 1).padStart(2, '0')}-10`),
    );
  }
  fs.appendFileSync(path.join(staging, 'site.yaml'), `\nhosts: [${siteHost(n)}]\n`);
  const dir = path.join(sitesDir, key);
  fs.renameSync(staging, dir);
  return dir;
}

/** A fresh temporary SITES_DIR holding sites 1..count. */
export function generateSites(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentsite-bench-sites-'));
  for (let n = 1; n <= count; n += 1) writeSite(dir, n);
  return dir;
}

/**
 * One site as large as `pages` of the small ones put together: site 1's folder with `pages - 1` more
 * case studies, each a copy of its `page` under a slug and client of its own, in a temporary folder.
 * The addresses of its `pages` case studies are returned beside it, `page` first.
 */
export function writeLargeSite(sitesDir: string, page: string, pages: number): { dir: string; paths: string[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentsite-bench-large-'));
  fs.cpSync(path.join(sitesDir, siteKey(1)), dir, { recursive: true });
  const slug = page.slice(page.lastIndexOf('/') + 1);
  const source = fs.readFileSync(path.join(dir, 'case-studies', `${slug}.md`), 'utf8');
  const paths = [page];
  for (let k = 2; k <= pages; k += 1) {
    const client = `${capital(word(1, k % 256))} ${k}`;
    const text = source
      .replace(/^client: .*$/m, `client: ${client}`)
      .replaceAll('candle maker', `${client} candle maker`);
    fs.writeFileSync(path.join(dir, 'case-studies', `${slug}-${k}.md`), text);
    paths.push(`${page}-${k}`);
  }
  return { dir, paths };
}

function study(client: string, term: string, date: string): string {
  return `---
client: ${client}
headlineStat: 3x repeat orders with ${term}
industry: Homeware
services: [store-builds]
publishedAt: ${date}
summary: ${client} moved its ${term} range to its own Shopify store.
stats:
  - label: Repeat orders
    value: 3x
---

## The shop

${client} sells ${term} candles and ${term} linen to shoppers who come back.

## What we did

We rebuilt the ${term} catalogue on [the service](/services/store-builds) that fitted.

## What changed

Repeat orders: 3x.
`;
}

const capital = (text: string): string => `${text[0]!.toUpperCase()}${text.slice(1)}`;
