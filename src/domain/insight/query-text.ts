// Turns a search or ask into the text agent insight may keep: lower-case, trimmed, spaces collapsed,
// capped in length. Text that carries contact details (an e-mail address or a phone number) is
// never kept: it is counted under one fixed marker instead, so the totals stay right.
import { textBytes, type CacheNamespace, type ResponseCache } from '../../cache/response-cache.ts';
import { keptFromSecondAsk } from '../../cache/second-ask.ts';
import { storableText } from '../../store/storable-text.ts';
import { carriesContactDetails } from './contact-details.ts';

/** Longest query text kept, in characters (longer ones are cut at a word boundary). */
export const maxQueryLength = 80;

/** What a query carrying an e-mail address or phone number is counted as. */
export const withheldQuery = '(withheld: contact details)';

/** What an empty query (e.g. "list the newest") is counted as. */
export const emptyQuery = '(empty)';

/** The stored form of a query (see the module comment). */
export function normaliseQuery(raw: string): string {
  const text = storableText(raw).normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  if (text === '') return emptyQuery;
  if (carriesContactDetails(text)) return withheldQuery;
  if (text.length <= maxQueryLength) return text;
  const cut = text.slice(0, maxQueryLength);
  const space = cut.lastIndexOf(' ');
  return (space > maxQueryLength / 2 ? cut.slice(0, space) : cut).trimEnd();
}

/** An ask's query as insight keeps it (normaliseQuery), and whether it falls outside the agency's fit. */
export interface QueryReading {
  query: string;
  outOfFit: boolean;
}

/** A reading as the cache sizes it: the query it keeps, and the few bytes of the object and flag. */
const readingBytes = (reading: QueryReading): number => textBytes(reading.query) + 16;

/** Where the service keeps query readings: the one cache's `query` namespace, keyed by the raw text. */
export function queryReadings(cache: ResponseCache): CacheNamespace<QueryReading> {
  return cache.namespace<QueryReading>('query', readingBytes);
}

/**
 * Reads queries for insight, a raw text asked again once while the cache keeps it (`kept`, from its
 * second ask: most texts come once): agents repeat a question (retries, paging, the same search from
 * many users), and normalising, the contact-details screen and the fit check are most of what
 * recording an ask costs.
 */
export function queryReader(
  outOfFit: (raw: string) => boolean,
  kept?: CacheNamespace<QueryReading>,
): (raw: string) => QueryReading {
  const read = (raw: string): QueryReading => ({ query: normaliseQuery(raw), outOfFit: outOfFit(raw) });
  if (!kept) return read;
  const readings = keptFromSecondAsk(kept);
  return (raw) => readings.remember(raw, () => read(raw));
}
