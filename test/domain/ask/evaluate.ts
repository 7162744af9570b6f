// Scores the ask on a file of buyer questions (questions.<language>.json): where the right case study
// ranks, whether constrained answers stay inside their constraint and whether out-of-fit questions are
// refused. The figures are read independently of the ask's own parsing, so a wrong reading shows.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Ask } from '../../../src/domain/ask/engine.ts';
import type { ContentCatalog } from '../../../src/domain/content/catalog.ts';

export interface Question {
  q: string;
  /** Slugs of the case studies that answer it (any one counts). */
  expect?: string[];
  constraint?: { industry?: string; service?: string; size?: { min?: number; max?: number } };
  outOfFit?: boolean;
}

export interface QuestionFile {
  /** The content folder, from the repository root. */
  content: string;
  questions: Question[];
}

export interface Evaluation {
  ranked: number;
  hit1: number;
  hit3: number;
  /** Questions whose right study is not in the top three, with what ranked there. */
  misses: string[];
  /** Answers with a study outside the question's constraint, or an out-of-fit question answered. */
  violations: string[];
}

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** questions.<language>.json, or with `set` "holdout" the questions written after the ranking was tuned. */
export function readQuestions(language: string, set = 'questions'): QuestionFile & { dir: string } {
  const file = JSON.parse(readFileSync(new URL(`./${set}.${language}.json`, import.meta.url), 'utf8')) as QuestionFile;
  return { ...file, dir: `${root}${file.content}` };
}

/** "1.200 Mitarbeitende" → 1200, "42M ARR" → 42 000 000: the study's stated size, for the bound check. */
function statedSize(text: string): number {
  const match = /(\d[\d.,]*)\s*(M|bn)?\b/.exec(text)!;
  const unit = match[2] === 'M' ? 1e6 : match[2] === 'bn' ? 1e9 : 1;
  const digits = unit === 1 ? match[1]!.replace(/[.,]/g, '') : match[1]!.replace(',', '.');
  return Number(digits) * unit;
}

/** What the scoring reads of an answer, on any surface: whether it is in fit, and each result's page and kind. */
export interface ScoredAnswer {
  inFit: boolean;
  signal?: string | undefined;
  results: { url: string; kind: string; name: string }[];
}

/** The ask's own answer to `query`, as the scoring reads it. */
const engineAnswer = (ask: Ask, query: string): ScoredAnswer => {
  const answer = ask({ query });
  return { inFit: answer.fit.inFit, signal: answer.fit.signal, results: answer.results };
};

export function evaluate(ask: Ask, content: ContentCatalog, questions: Question[]): Evaluation {
  const result = emptyEvaluation();
  for (const question of questions) score(result, content, question, engineAnswer(ask, question.q));
  return result;
}

/** The same scoring over answers fetched one by one from a surface (MCP, A2A, /ask). */
export async function evaluateSurface(
  answerOf: (query: string) => Promise<ScoredAnswer>,
  content: ContentCatalog,
  questions: Question[],
): Promise<Evaluation> {
  const result = emptyEvaluation();
  for (const question of questions) score(result, content, question, await answerOf(question.q));
  return result;
}

const emptyEvaluation = (): Evaluation => ({ ranked: 0, hit1: 0, hit3: 0, misses: [], violations: [] });

function score(result: Evaluation, content: ContentCatalog, question: Question, answer: ScoredAnswer): void {
  const slugOf = (url: string): string | undefined =>
    content.caseStudies.find((cs) => url.endsWith(`/case-studies/${cs.slug}`))?.slug;
  if (question.outOfFit) {
    if (answer.inFit) result.violations.push(`answered out of fit: ${question.q}`);
    return;
  }
  if (!answer.inFit) result.violations.push(`refused in fit: ${question.q} (${answer.signal})`);
  const slugs = answer.results.map((r) => (r.kind === 'case-study' ? slugOf(r.url) : `(${r.kind}) ${r.name}`));
  const at = slugs.findIndex((slug) => slug !== undefined && question.expect!.includes(slug));
  result.ranked += 1;
  if (at === 0) result.hit1 += 1;
  if (at >= 0 && at < 3) result.hit3 += 1;
  else result.misses.push(`${question.q} → ${slugs.slice(0, 3).join(', ')} (right at ${at + 1 || 'none'})`);
  for (const study of answer.results.filter((r) => r.kind === 'case-study')) {
    const cs = content.caseStudyBySlug(slugOf(study.url)!)!;
    const { industry, service, size } = question.constraint ?? {};
    const stated = cs.companySize ? statedSize(cs.companySize) : undefined;
    const inside =
      (!industry || cs.industry === industry) &&
      (!service || cs.services.includes(service)) &&
      (!size ||
        (stated !== undefined &&
          (size.min === undefined || stated >= size.min) &&
          (size.max === undefined || stated <= size.max)));
    if (!inside) result.violations.push(`${question.q}: ${cs.slug} is outside the constraint`);
  }
}
