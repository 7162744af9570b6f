// Services a site names only on its services overview page, with no page of their own: the overview's
// cards, read from its markdown as a run of three or more headings of one level, each followed by one
// short paragraph or one short list and nothing else (a step of a process with its picture, or a
// heading over a longer text, is not a card). Every such run on the page counts; a name met twice is
// one service. A site without an overview page names them in its home page's section on services.
import { normalisePath } from './layout.ts';

export interface OverviewService {
  slug: string;
  name: string;
  summary: string;
}

/** A card's text is a sentence or two: a longer paragraph is an article's, not a card's. */
const maxSummaryChars = 300;
const minCards = 3;
/** A card's list says what the service covers in a few points, not a page's worth. */
const maxListItems = 5;

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
  const blocks = markdown
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean);
  const runs: OverviewService[][] = [];
  let run: OverviewService[] = [];
  let level = 0;
  let i = 0;
  while (i < blocks.length) {
    const heading = /^(#{2,6}) (.+)$/.exec(blocks[i]!);
    const text = blocks[i + 1];
    const next = blocks[i + 2];
    const summary = text === undefined ? undefined : (shortParagraph(text) ?? shortList(text));
    const isCard = heading !== null && summary !== undefined && (next === undefined || /^#{1,6} /.test(next));
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
    if (slug) run.push({ slug, name, summary: summary! });
    i += 2;
  }
  runs.push(run);
  return runs;
}

function shortParagraph(block: string): string | undefined {
  return block.length <= maxSummaryChars && !/^(?:#|!\[|[-*+] |\d+\. |>|\|)/.test(block)
    ? block.replace(/\s+/g, ' ')
    : undefined;
}

/** "- Audits\n- Pairing" → "Audits; Pairing": a list of a few short points, without links or pictures. */
function shortList(block: string): string | undefined {
  const items = block.split('\n').map((line) => /^[-*+] (.+)$/.exec(line.trim())?.[1]);
  if (items.length > maxListItems || items.some((item) => item === undefined || /\]\(/.test(item))) return undefined;
  const summary = items.map((item) => item!.replace(/[*_`]/g, '').trim()).join('; ');
  return summary.length <= maxSummaryChars ? summary : undefined;
}

/** The home page's section on services ("## Our Services", "## Leistungen"), to its next heading as high. */
export function servicesSection(markdown: string): string {
  const heading = /^(#{1,3}) (?:our |unsere )?(?:services|leistungen|what we do|was wir tun)\s*$/im.exec(markdown);
  if (!heading) return '';
  const rest = markdown.slice(heading.index + heading[0].length);
  const end = new RegExp(`^#{1,${heading[1]!.length}} `, 'm').exec(rest);
  return end ? rest.slice(0, end.index) : rest;
}
