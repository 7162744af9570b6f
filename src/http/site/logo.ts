// A generated SVG logo (the brand's initial), so manifests that require a logo URL have a real one.
export function logoSvg(brandName: string): string {
  const initial = (brandName.trim()[0] ?? 'V').toUpperCase().replace(/[<&>"]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${initial}"><rect width="128" height="128" rx="24" fill="#0b5cad"/><text x="64" y="88" font-family="system-ui,sans-serif" font-size="72" font-weight="800" text-anchor="middle" fill="#fff">${initial}</text></svg>\n`;
}
