// The brand's logo mark: a rising "V" (up and to the right, as pipeline should go) in a rounded
// square. One drawing serves the header (inline, no request) and /logo.svg (favicon and manifests).
const mark = '<rect width="32" height="32" rx="8" fill="#1d4ed8"/><path d="M8 10l8 14 8-16" fill="none" stroke="#fff" stroke-width="3.4" stroke-linecap="round" stroke-linejoin="round"/><circle cx="24" cy="8" r="2.4" fill="#fbbf24"/>';

/** The mark for the header, hidden from assistive technology (the link text names the brand). */
export const logoMark = `<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false">${mark}</svg>`;

/** The standalone SVG file served at /logo.svg. */
export function logoSvg(brandName: string): string {
  const name = brandName.replace(/[<&>"]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 32 32" role="img" aria-label="${name}">${mark}</svg>\n`;
}
