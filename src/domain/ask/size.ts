// Company size in a question ("above 100M ARR", "under 40M", "between 10M and 50M", "über 500
// Mitarbeitende", "50-200 employees") and in a case study's `companySize` field ("42M ARR", "1.200
// Mitarbeitende"): one reading of amounts for both, so a bound in a question compares with what the
// content states, revenue with revenue and headcount with headcount. A figure without a unit (M, bn,
// Mio., employees, Mitarbeiter…) is not a size: "under 6 weeks" bounds nothing. Numbers may group
// thousands with either separator ("1.000", "1,000"); a separator before one or two digits is a
// decimal point ("1.5bn", "2,5 Mio.").

/** Bounds on a company's size; a study must state its size in the same unit to pass. */
export interface SizeRange {
  /** Exclusive lower bound ("above"), or inclusive with `minInclusive` ("at least", "between"). */
  min?: number;
  minInclusive?: boolean;
  max?: number;
  maxInclusive?: boolean;
  /** Set when the bound counts employees; otherwise it is revenue, in currency units. */
  unit?: 'employees';
  /** The words of the question that said it, e.g. "above 100M ARR". */
  text: string;
}

/** What a case study states of its size. */
export interface StatedSize {
  revenue?: number;
  employees?: number;
}

const multipliers: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  tsd: 1e3,
  m: 1e6,
  mn: 1e6,
  mm: 1e6,
  million: 1e6,
  mio: 1e6,
  millionen: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  mrd: 1e9,
  milliarden: 1e9,
};
// The signs beyond Latin-1 (€, ≥, ≤, the en dash) are written as \u escapes the RegExp reads: one such
// character in a bundled source makes V8 keep the whole 3 MB bundle as a two-byte string.
const number = String.raw`(\d{1,3}(?:([.,])\d{3})(?:\2\d{3})*(?![.,]?\d)|\d+(?:[.,]\d+)?)`;
const money = String.raw`(k|thousand|tsd\.?|mn|mm|mio\.?|millionen|million|m|bn|b|billion|mrd\.?|milliarden)`;
const people =
  '(employees|employee|staff|people|headcount|ftes?|mitarbeiter(?:innen|n)?|mitarbeitende[n]?|beschäftigte[n]?|angestellte[n]?)';
const unit = String.raw`(?:\s?${money}|\s*${people})(?![\p{L}\p{N}])`;
const amount = String.raw`[$\u20AC£]?\s?${number}${unit}`;
const suffix = String.raw`(?:\s+(?:in\s+)?(?:arr|revenue|annual\s+recurring\s+revenue|in\s+revenue|umsatz|jahresumsatz))?`;
const above = String.raw`above|over|more\s+than|greater\s+than|bigger\s+than|larger\s+than|exceeding|über|mehr\s+als|größer\s+als|>`;
const atLeast = String.raw`at\s+least|from|mindestens|ab|>=|\u2265`;
const below = String.raw`under|below|less\s+than|fewer\s+than|smaller\s+than|unter|weniger\s+als|kleiner\s+als|<`;
const atMost = String.raw`at\s+most|up\s+to|höchstens|maximal|bis\s+zu|<=|\u2264`;
// "10M to 50M", "50-200 Mitarbeiter": the first figure may leave its unit to the second.
const between = new RegExp(
  String.raw`(?:between|from|zwischen|von)?\s*[$\u20AC£]?\s?${number}(?:\s?${money}(?![\p{L}\p{N}]))?\s*(?:and|to|und|bis|-|\u2013)\s*${amount}${suffix}`,
  'iu',
);
const bound = new RegExp(String.raw`(?<![\p{L}])(${above}|${atLeast}|${below}|${atMost})\s*${amount}${suffix}`, 'iu');
// "50M+", "50M ARR or more", "40M or less", "500 Mitarbeiter oder mehr".
const trailing = new RegExp(
  String.raw`${amount}${suffix}\s*(\+|or\s+more|or\s+above|and\s+up|or\s+less|or\s+below|oder\s+mehr|und\s+mehr|oder\s+weniger)`,
  'iu',
);

/** A figure as written: "1.200" and "1,200" are 1200, "1.5" and "1,5" are 1.5. */
function figure(digits: string, grouping: string | undefined): number {
  return Number(grouping ? digits.replace(/[.,]/g, '') : digits.replace(',', '.'));
}

/** The amount of a matched figure and unit (groups: digits, grouping separator, money unit, people unit). */
function amountOf(groups: (string | undefined)[]): { value: number; employees: boolean } {
  const [digits, grouping, moneyUnit] = groups;
  const value = figure(digits!, grouping);
  if (moneyUnit) return { value: value * multipliers[moneyUnit.toLowerCase().replace('.', '')]!, employees: false };
  return { value, employees: true };
}

/** Revenue and headcount a text states ("42M ARR", "1.200 Mitarbeitende", "42M ARR, 180 employees"). */
export function parseCompanySize(text: string): StatedSize {
  const stated: StatedSize = {};
  for (const match of text.matchAll(new RegExp(amount, 'giu'))) {
    const { value, employees } = amountOf(match.slice(1));
    if (employees) stated.employees ??= value;
    else stated.revenue ??= value;
  }
  return stated;
}

/** The revenue of an amount such as "42M", "1.2bn" or "$500k"; undefined when it states none. */
export function parseAmount(text: string): number | undefined {
  return parseCompanySize(text).revenue;
}

/** The size bounds a question states, or undefined; `rest` is the question without them. */
export function parseSizeRange(question: string): { size: SizeRange; rest: string } | undefined {
  const range = between.exec(question);
  if (range) {
    const high = amountOf(range.slice(4, 8));
    // The first figure takes the second's unit when it names none ("50-200 Mitarbeiter", "10 to 50M").
    const low = range[3]
      ? amountOf(range.slice(1, 4)).value
      : high.employees
        ? figure(range[1]!, range[2])
        : figure(range[1]!, range[2]) * multipliers[range[6]!.toLowerCase().replace('.', '')]!;
    const size: SizeRange = {
      min: Math.min(low, high.value),
      minInclusive: true,
      max: Math.max(low, high.value),
      maxInclusive: true,
      ...(high.employees ? { unit: 'employees' as const } : {}),
      text: range[0].trim(),
    };
    return { size, rest: question.replace(range[0], ' ') };
  }
  const after = trailing.exec(question);
  if (after) {
    const { value, employees } = amountOf(after.slice(1, 5));
    const text = after[0].trim();
    const bounds = /less|below|weniger/i.test(after[5]!)
      ? { max: value, maxInclusive: true }
      : { min: value, minInclusive: true };
    return {
      size: { ...bounds, ...(employees ? { unit: 'employees' } : {}), text },
      rest: question.replace(after[0], ' '),
    };
  }
  const one = bound.exec(question);
  if (!one) return undefined;
  const word = one[1]!.toLowerCase().replace(/\s+/g, ' ');
  const { value, employees } = amountOf(one.slice(2, 6));
  const text = one[0].trim();
  const is = (words: string): boolean => new RegExp(`^(?:${words})$`, 'u').test(word);
  const bounds = is(above)
    ? { min: value }
    : is(atLeast)
      ? { min: value, minInclusive: true }
      : is(below)
        ? { max: value }
        : { max: value, maxInclusive: true };
  return {
    size: { ...bounds, ...(employees ? { unit: 'employees' } : {}), text },
    rest: question.replace(one[0], ' '),
  };
}

/** Whether a stated size (undefined: the study states none in the range's unit) is inside the range. */
export function sizeWithin(value: number | undefined, range: SizeRange): boolean {
  if (value === undefined) return false;
  if (range.min !== undefined && (range.minInclusive ? value < range.min : value <= range.min)) return false;
  if (range.max !== undefined && (range.maxInclusive ? value > range.max : value >= range.max)) return false;
  return true;
}

/** The figure of a stated size that a range bounds. */
function sizeFor(stated: StatedSize, range: SizeRange): number | undefined {
  return range.unit === 'employees' ? stated.employees : stated.revenue;
}

/**
 * Whether a case study's `companySize` text is inside `range`, each distinct text read once per
 * test: the ask and the case-study search filter by the same reading.
 * @example sizeTest(parseSizeRange('über 500 Mitarbeitende')!.size)('1.200 Mitarbeitende') // true
 */
export function sizeTest(range: SizeRange): (companySize: string | undefined) => boolean {
  const verdicts = new Map<string, boolean>();
  return (text) => {
    if (text === undefined) return false;
    let within = verdicts.get(text);
    if (within === undefined) verdicts.set(text, (within = sizeWithin(sizeFor(parseCompanySize(text), range), range)));
    return within;
  };
}

/** A range as answers state it: the words that said it and its bounds (in employees when `unit` says so). */
export function sizeSummary(range: SizeRange): { text: string; min?: number; max?: number; unit?: 'employees' } {
  return {
    text: range.text,
    ...(range.min === undefined ? {} : { min: range.min }),
    ...(range.max === undefined ? {} : { max: range.max }),
    ...(range.unit ? { unit: range.unit } : {}),
  };
}
