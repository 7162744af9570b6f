// Company size in a question ("above 100M ARR", "under 40M", "between 10M and 50M") and in a case
// study's `companySize` field ("42M ARR"): one reading of amounts for both, so a bound in a question
// compares with what the content states. A figure without a unit (M, bn, k, million…) is not a size:
// "under 6 weeks" bounds nothing.

/** Bounds on a company's size, in currency units; a study must state its size to pass. */
export interface SizeRange {
  /** Exclusive lower bound ("above"), or inclusive with `minInclusive` ("at least", "between"). */
  min?: number;
  minInclusive?: boolean;
  max?: number;
  maxInclusive?: boolean;
  /** The words of the question that said it, e.g. "above 100M ARR". */
  text: string;
}

const multipliers: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mn: 1e6,
  mm: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
};
const amount = String.raw`[$€£]?\s?(\d+(?:[.,]\d+)?)\s?(k|thousand|mn|mm|m|million|bn|b|billion)\b`;
const suffix = String.raw`(?:\s+(?:in\s+)?(?:arr|revenue|annual\s+recurring\s+revenue|in\s+revenue))?`;
const above = String.raw`above|over|more\s+than|greater\s+than|bigger\s+than|larger\s+than|exceeding|>`;
const atLeast = String.raw`at\s+least|from|>=|≥`;
const below = String.raw`under|below|less\s+than|smaller\s+than|<`;
const atMost = String.raw`at\s+most|up\s+to|<=|≤`;
const between = new RegExp(String.raw`(?:between|from)?\s*${amount}\s*(?:and|to|-|–)\s*${amount}${suffix}`, 'i');
const bound = new RegExp(String.raw`(${above}|${atLeast}|${below}|${atMost})\s*${amount}${suffix}`, 'i');
// "50M+", "50M ARR or more", "40M or less".
const trailing = new RegExp(
  String.raw`${amount}${suffix}\s*(\+|or\s+more|or\s+above|and\s+up|or\s+less|or\s+below)`,
  'i',
);

/** The value of an amount such as "42M", "1.2bn" or "$500k"; undefined when it has no unit. */
export function parseAmount(text: string): number | undefined {
  const match = new RegExp(amount, 'i').exec(text);
  if (!match) return undefined;
  return Number(match[1]!.replace(',', '.')) * multipliers[match[2]!.toLowerCase()]!;
}

/** The size bounds a question states, or undefined; `rest` is the question without them. */
export function parseSizeRange(question: string): { size: SizeRange; rest: string } | undefined {
  const range = between.exec(question);
  if (range) {
    const low = Number(range[1]!.replace(',', '.')) * multipliers[range[2]!.toLowerCase()]!;
    const high = Number(range[3]!.replace(',', '.')) * multipliers[range[4]!.toLowerCase()]!;
    const size = {
      min: Math.min(low, high),
      minInclusive: true,
      max: Math.max(low, high),
      maxInclusive: true,
      text: range[0].trim(),
    };
    return { size, rest: question.replace(range[0], ' ') };
  }
  const after = trailing.exec(question);
  if (after) {
    const value = Number(after[1]!.replace(',', '.')) * multipliers[after[2]!.toLowerCase()]!,
      text = after[0].trim();
    const size: SizeRange = /less|below/i.test(after[3]!)
      ? { max: value, maxInclusive: true, text }
      : { min: value, minInclusive: true, text };
    return { size, rest: question.replace(after[0], ' ') };
  }
  const one = bound.exec(question);
  if (!one) return undefined;
  const word = one[1]!.toLowerCase().replace(/\s+/g, ' ');
  const value = Number(one[2]!.replace(',', '.')) * multipliers[one[3]!.toLowerCase()]!;
  const text = one[0].trim();
  const size: SizeRange = new RegExp(`^(?:${above})$`).test(word)
    ? { min: value, text }
    : new RegExp(`^(?:${atLeast})$`).test(word)
      ? { min: value, minInclusive: true, text }
      : new RegExp(`^(?:${below})$`).test(word)
        ? { max: value, text }
        : { max: value, maxInclusive: true, text };
  return { size, rest: question.replace(one[0], ' ') };
}

/** Whether a stated size (undefined: the study states none) is inside the range. */
export function sizeWithin(value: number | undefined, range: SizeRange): boolean {
  if (value === undefined) return false;
  if (range.min !== undefined && (range.minInclusive ? value < range.min : value <= range.min)) return false;
  if (range.max !== undefined && (range.maxInclusive ? value > range.max : value >= range.max)) return false;
  return true;
}
