// How much of a page its markdown twin keeps: the share of the words of the page's main visible text
// (main-content.ts) that the twin holds, each word counted as often as the page has it. The text is
// read node by node, so a label and its value in adjacent elements are two words, and a twin that
// glues them ("Laufzeit3") misses both.

/** The share below which the import names a twin as losing its page's text. */
export const wantedCoverage = 0.9;

interface TextNode {
  nodeType: number;
  textContent: string | null;
  childNodes: ArrayLike<TextNode>;
}

/**
 * The visible text under `root`, each element's text apart from the next by a space. Text nodes side
 * by side are one run of text: the parser gives "F&uuml;hren" as three nodes ("F", "ü", "hren"),
 * and it is still one word.
 */
export function visibleText(root: unknown): string {
  const parts: string[] = [];
  const walk = (node: TextNode): void => {
    let previousWasText = false;
    for (const child of Array.from(node.childNodes)) {
      const isText = child.nodeType === 3;
      if (isText && previousWasText) parts[parts.length - 1] += child.textContent ?? '';
      else if (isText) parts.push(child.textContent ?? '');
      else walk(child);
      previousWasText = isText;
    }
  };
  if ((root as TextNode | null)?.nodeType === 3) parts.push((root as TextNode).textContent ?? '');
  else if (root) walk(root as TextNode);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** The share (0–1) of `text`'s words found in `markdown`; 1 for a page without text. */
export function coverage(text: string, markdown: string): number {
  const want = words(text);
  if (want.length === 0) return 1;
  // A link's or image's address is no text of the page: "[Kontakt](/kontakt)" must not count twice.
  const have = new Map<string, number>();
  for (const word of words(markdown.replace(/\]\([^)]*\)/g, ']'))) have.set(word, (have.get(word) ?? 0) + 1);
  let kept = 0;
  for (const word of want) {
    const left = have.get(word) ?? 0;
    if (left > 0) {
      kept += 1;
      have.set(word, left - 1);
    }
  }
  return kept / want.length;
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}
