// A call read as an ask for agent insight, by its capability's own AskReading: every binding that
// records asks reads them here, so a capability that declares its query is counted with no other edit.
import type { Capability } from './capability.ts';

/** What a binding records of an ask, before it adds the caller and prefixes the source with its own name. */
export interface CallAsk {
  /** The capability's ask source ("search"), or its name when it declares none. */
  source: string;
  /** The query text as the caller sent it (insight normalises and screens it). */
  query: string;
  results: number;
  /** Set when the output says; otherwise insight's own fit check decides. */
  outOfFit?: boolean;
}

/**
 * The ask a successful call makes, or undefined when the capability declares none or the caller
 * sent no query text. `sent` is the input as sent, `structured` the call's structured output.
 */
export function askOfCall(capability: Capability, sent: unknown, structured: unknown): CallAsk | undefined {
  const reading = capability.askReading;
  if (!reading || typeof structured !== 'object' || structured === null) return undefined;
  const query = (sent as Record<string, unknown> | undefined)?.[reading.query];
  if (typeof query !== 'string' || query.trim() === '') return undefined;
  const output = structured as Parameters<typeof reading.results>[0];
  return {
    source: reading.source ?? capability.name,
    query,
    results: reading.results(output),
    ...(reading.outOfFit && { outOfFit: reading.outOfFit(output) }),
  };
}
