// The agency's logo, when its JSON-LD names an SVG: fetched (at most 512 KiB), cleaned of what the
// content format refuses before the drawing (an XML comment, a DOCTYPE) and kept only when it is
// what the loader accepts as a logo: one <svg> element with a viewBox, and no script.
import type { PageFetcher } from './fetch-page.ts';

const acceptedSvg = /^\s*(?:<\?xml[^>]*>\s*)?<svg\b[^>]*\bviewBox="[^"]+"[^>]*>[\s\S]*<\/svg>\s*$/;

export type LogoResult = { svg: string } | { gap: string };

export async function fetchLogo(address: string, fetcher: PageFetcher): Promise<LogoResult> {
  const url = new URL(address);
  const notSvg = `found at ${address}; the format takes an SVG file: save one as logo.svg and add "logo: logo.svg" to site.yaml`;
  if (!/\.svgz?$/i.test(url.pathname)) return { gap: notSvg };
  const got = await fetcher.get(url, 512 * 1024);
  if (!got.ok) return { gap: `${address} could not be read (${got.reason})` };
  const svg = got.body
    .toString('utf8')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!DOCTYPE[^>[]*(?:\[[^\]]*\])?\s*>/gi, '')
    .trim();
  if (!acceptedSvg.test(svg) || /<script\b|\son\w+\s*=/i.test(svg))
    return { gap: `${address} is not an SVG the format accepts (one <svg> element with a viewBox, no script)` };
  return { svg: `${svg}\n` };
}
