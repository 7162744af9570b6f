// The site's words in its language: the message catalogue of the content's `language` (BCP 47),
// with the content folder's ui.yaml laid over it, formatted with FormatJS's intl-messageformat
// (ICU MessageFormat: arguments, plurals, selects) and the language's dates and numbers (Intl).
import { IntlMessageFormat } from 'intl-messageformat';
import { de } from './catalogues/de.ts';
import { en, type UiKey } from './catalogues/en.ts';
import { type ShippedLanguage, wordsFor } from './shipped.ts';

export type { UiKey } from './catalogues/en.ts';

/** Each shipped language's catalogue. */
const catalogues: Record<ShippedLanguage, Record<UiKey, string>> = { en, de };

/** A value a message places: a word, a number or (for a rich message) a tag's wrapper. */
export type UiValue = string | number;

export interface UiText {
  /** The content's language, as declared (e.g. "de", "de-AT"). */
  readonly language: string;
  /** The locale dates and numbers are written in. */
  readonly locale: string;
  /** The message `key` with `values` placed. */
  text(key: UiKey, values?: Record<string, UiValue>): string;
  /** The message as parts: its words, and what each `<tag>` function made of the words inside it. */
  parts<T>(key: UiKey, values: Record<string, UiValue | ((chunks: (string | T)[]) => T)>): (string | T)[];
  /** An ISO date (YYYY-MM-DD) as the language writes it: "14 October 2026", "14. Oktober 2026". */
  date(isoDate: string): string;
  /** A whole number as the language writes it: "2,000", "2.000". */
  number(value: number): string;
}

/** Every key a catalogue has, for checking a ui.yaml. */
export const uiKeys: ReadonlySet<string> = new Set(Object.keys(en));

/** Whether the product ships the site's words in `language` (else English is the base ui.yaml replaces). */
export function hasCatalogue(language: string): boolean {
  return wordsFor(language).own;
}

/** The problem with a ui.yaml message as ICU MessageFormat, or undefined when it parses. */
export function messageProblem(message: string): string | undefined {
  try {
    new IntlMessageFormat(message, 'en');
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** What ICU MessageFormat reads specially: arguments and plurals, quoting, rich-text tags. */
const icuSyntax = /[{}'<]/;

/** A compiled message, or plain words that format as themselves. */
type Formatter = Pick<IntlMessageFormat, 'format'>;

/** How `source` formats in `locale`: compiled, or plain words that format as themselves. */
function compile(source: string, locale: string): Formatter {
  // Plain words need no ICU parser (nor its locale data, milliseconds at start-up): they format as themselves.
  return icuSyntax.test(source) ? new IntlMessageFormat(source, locale) : { format: () => source };
}

/**
 * The shipped catalogues' messages, compiled once per locale for the whole process: with many sites,
 * every site in a language formats the same catalogue words, and a compiled message holds no site's
 * data (a ui.yaml's own words stay with its site). Bounded by the catalogues' keys times the locales.
 */
const shippedCompiled = new Map<string, Formatter>();

function shippedFormatter(shipped: ShippedLanguage, locale: string, key: UiKey): Formatter {
  const id = `${locale}\u0000${key}`;
  let message = shippedCompiled.get(id);
  if (!message) shippedCompiled.set(id, (message = compile(catalogues[shipped][key], locale)));
  return message;
}

/** The site's words in `language`, each key of `overrides` (from ui.yaml) replacing the catalogue's. */
export function createUiText(language: string, overrides: Partial<Record<UiKey, string>> = {}): UiText {
  const { shipped, locale } = wordsFor(language);
  const own = new Map<UiKey, Formatter>();
  const format = (key: UiKey): Formatter => {
    const override = overrides[key];
    if (override === undefined) return shippedFormatter(shipped, locale, key);
    let message = own.get(key);
    if (!message) own.set(key, (message = compile(override, locale)));
    return message;
  };
  // Made when first used: each costs milliseconds of locale data, and most UiTexts never write a date.
  let dates: Intl.DateTimeFormat | undefined;
  let numbers: Intl.NumberFormat | undefined;
  return {
    language,
    locale,
    text: (key, values) => String(format(key).format(values)),
    parts: <T>(key: UiKey, values: Record<string, UiValue | ((chunks: (string | T)[]) => T)>) => {
      const formatted = format(key).format<T>(values as Record<string, UiValue>);
      return Array.isArray(formatted) ? formatted : [formatted];
    },
    date: (isoDate) =>
      (dates ??= new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      })).format(new Date(`${isoDate}T00:00:00Z`)),
    number: (value) => (numbers ??= new Intl.NumberFormat(locale)).format(value),
  };
}
