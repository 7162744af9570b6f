// The site's one statement of how automated systems may use its content (CONTENT_SIGNAL), written
// in both vocabularies crawlers read: Cloudflare's Content Signals (`Content-Signal` in robots.txt)
// and IETF AIPREF (draft-ietf-aipref-vocab, -attach: `Content-Usage` in robots.txt and as a
// response header, an RFC 9651 Dictionary). Both are derived here, so they can never disagree.
import { serializeDictionary, Token } from 'structured-headers';

/** The response header field that carries the AIPREF statement (draft-ietf-aipref-attach). */
export const contentUsageField = 'Content-Usage';

/** The Content Signals categories, in the order they are written. */
const signalNames = ['search', 'ai-input', 'ai-train'] as const;
export type SignalName = (typeof signalNames)[number];

/** Each stated category and whether it is allowed; a category left out is unstated in both vocabularies. */
export type UsagePreference = Partial<Record<SignalName, boolean>>;

/** Search and AI answers may use the site; AI training may not. */
export const defaultContentSignal = 'search=yes, ai-input=yes, ai-train=no';

/**
 * The AIPREF category that states the same thing: AI training is `train-ai`, search is `search`.
 * Use as the input of an AI answer (`ai-input`) has no AIPREF category, so it is said in Content-Signal only.
 */
const aiprefCategory: Record<SignalName, string | undefined> = {
  'ai-train': 'train-ai',
  search: 'search',
  'ai-input': undefined,
};

/**
 * Reads a Content-Signal value ("search=yes, ai-train=no"); undefined when it is not one (an
 * unknown or repeated category, a value other than yes or no, or nothing stated).
 */
export function parseContentSignal(value: string): UsagePreference | undefined {
  const preference: UsagePreference = {};
  for (const part of value.split(',')) {
    const match = /^\s*([a-z-]+)\s*=\s*(yes|no)\s*$/i.exec(part);
    const name = match?.[1]?.toLowerCase() as SignalName | undefined;
    if (!name || !signalNames.includes(name) || name in preference) return undefined;
    preference[name] = match![2]!.toLowerCase() === 'yes';
  }
  return Object.keys(preference).length > 0 ? preference : undefined;
}

/** The `Content-Signal` value, e.g. "search=yes, ai-input=yes, ai-train=no". */
export function contentSignalValue(preference: UsagePreference): string {
  return signalNames
    .filter((name) => preference[name] !== undefined)
    .map((name) => `${name}=${preference[name] ? 'yes' : 'no'}`)
    .join(', ');
}

/** The `Content-Usage` Dictionary, training first, e.g. "train-ai=n, search=y"; empty when nothing maps. */
export function contentUsageValue(preference: UsagePreference): string {
  const order: SignalName[] = ['ai-train', 'search'];
  const members = new Map(
    order.flatMap((name) => {
      const allowed = preference[name];
      return allowed === undefined
        ? []
        : [[aiprefCategory[name]!, [new Token(allowed ? 'y' : 'n'), new Map()]] as const];
    }),
  );
  return serializeDictionary(members);
}
