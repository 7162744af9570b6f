// The page slug a near miss most likely meant, for get_page's not-found answer: a bare case-study or
// service slug ("beacon-fleet" for "case-studies/beacon-fleet"), or a slug one or two typos away.
import type { ContentCatalog } from '../content/catalog.ts';

/**
 * The one page slug `input` most likely meant, or undefined when none is close or several are
 * equally close. Compares the whole slug and its last segment, allowing up to two edits.
 * @example suggestSlug(catalog, 'beacon-fleet') // 'case-studies/beacon-fleet'
 */
export function suggestSlug(catalog: ContentCatalog, input: string): string | undefined {
  const wanted = input
    .trim()
    .toLowerCase()
    .replace(/^\/?markdown\//, '')
    .replace(/\.md$/, '')
    .replace(/^\/+|\/+$/g, '')
    .slice(0, 120);
  if (!wanted) return undefined;
  const tail = wanted.slice(wanted.lastIndexOf('/') + 1);
  const sameTail = catalog.slugsEndingIn(tail);
  if (sameTail?.length === 1 && sameTail[0] !== wanted) return sameTail[0];
  const limit = wanted.length < 6 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = limit + 1;
  let tie = false;
  for (const page of catalog.pages) {
    const pageTail = page.slug.slice(page.slug.lastIndexOf('/') + 1);
    const distance = Math.min(
      editDistance(wanted, page.slug, limit),
      wanted.includes('/') ? limit + 1 : editDistance(wanted, pageTail, limit),
    );
    if (distance < bestDistance) [best, bestDistance, tie] = [page.slug, distance, false];
    else if (distance === bestDistance && page.slug !== best) tie = true;
  }
  return tie ? undefined : best;
}

/**
 * Edit distance counting a swap of neighbours as one edit (optimal string alignment: "abuot" is one
 * from "about"), or `limit + 1` as soon as it must exceed `limit` (cheap over many slugs).
 */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    [before, previous] = [previous, current];
  }
  return Math.min(previous[b.length]!, limit + 1);
}
