// Services a site names only on its services overview page, with no page of their own: the overview's
// cards, read from its markdown as a run of three or more headings of one level, each followed by one
// short paragraph and nothing else (a step of a process with its picture, or a heading over a longer
// text, is not a card). Every such run on the page counts; a name met twice is one service.
import { normalisePath } from './layout.ts';

export interface OverviewService {
  slug: string;
  name: string;
  summary: string;
}

/** A card's text is a sentence or two: a longer paragraph is an article's, not a card's. */
const maxSummaryChars = 300;
const minCards = 3;

export function overviewServices(markdown: string): OverviewService[] {
  const found = new Map<string, OverviewService>();
  for (const run of cardRuns(markdown)) {
    if (run.length < minCards) continue;
    for (const card of run) if (!found.has(card.slug)) found.set(card.slug, card);
  }
  return [...found.values()];
}

/** Consecutive cards of one heading level, split wherever anything else comes between. */
function cardRuns(markdown: string): OverviewService[][] {
  const blocks = markdown.split(/\n{2,}/).map((block) => block.trim());
  const runs: OverviewService[][] = [];
  let run: OverviewService[] = [];
  let level = 0;
  let i = 0;
  while (i < blocks.length) {
    const heading = /^(#{2,6}) (.+)$/.exec(blocks[i]!);
    const text = blocks[i + 1];
    const next = blocks[i + 2];
    const isCard =
      heading !== null && text !== undefined && isShortParagraph(text) && (next === undefined || /^#{1,6} /.test(next));
    if (!isCard) {
      runs.push(run);
      run = [];
      i += 1;
      continue;
    }
    if (heading[1]!.length !== level) {
      runs.push(run);
      run = [];
      level = heading[1]!.length;
    }
    const name = heading[2]!.replace(/[*_`]/g, '').trim();
    const slug = normalisePath(`/${name}`).slice(1);
    if (slug) run.push({ slug, name, summary: text.replace(/\s+/g, ' ') });
    i += 2;
  }
  runs.push(run);
  return runs;
}

function isShortParagraph(block: string): boolean {
  return block.length <= maxSummaryChars && !/^(?:#|!\[|[-*+] |\d+\. |>|\|)/.test(block);
}
