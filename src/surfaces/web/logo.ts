// The brand's logo: the content's own SVG file (site.yaml `logo`), or else a monogram, the brand's
// initial on a rounded square of its colour. One drawing serves the header (inline, no request) and
// /logo.svg (favicon and manifests). Both are made once per content.
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import { html, pageText, trustedHtml, type Html } from '../../kernel/html-template.ts';

export interface Logo {
  /** The mark for the header, hidden from assistive technology (the link text names the brand). */
  mark: Html;
  /** The standalone SVG file served at /logo.svg. */
  file: string;
}

export function siteLogo(content: Pick<ContentCatalog, 'logo' | 'site'>): Logo {
  const { brandName, brandColour } = content.site;
  if (content.logo !== undefined) {
    const viewBox = /<svg\b[^>]*\bviewBox="([^"]+)"/.exec(content.logo)![1]!;
    const inner = content.logo.slice(content.logo.indexOf('>') + 1, content.logo.lastIndexOf('</svg>'));
    // Trusted: the content's own SVG file, which the operator ships with the site.
    return { mark: markSvg(viewBox, trustedHtml(inner)), file: `${content.logo}\n` };
  }
  const initial = [...brandName.trim()][0]?.toUpperCase() ?? '';
  const letter = html`<text x="16" y="22.5" text-anchor="middle" font-family="system-ui, sans-serif" font-size="18" font-weight="700" fill="#fff">${initial}</text>`;
  const drawing = html`<rect width="32" height="32" rx="8" fill="${brandColour}"/>${letter}`;
  const name = brandName.replace(/[<&>"]/g, '');
  return {
    mark: markSvg('0 0 32 32', drawing),
    file: pageText(
      html`<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 32 32" role="img" aria-label="${name}">${drawing}</svg>\n`,
    ),
  };
}

function markSvg(viewBox: string, inner: Html): Html {
  return html`<svg viewBox="${viewBox}" aria-hidden="true" focusable="false">${inner}</svg>`;
}
