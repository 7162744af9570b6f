// The headers one hop of HTTP owns (RFC 9110 7.6.1): never passed on by an intermediary, in either
// direction, with every header `Connection` names; and the headers a message may carry at all
// (a name and value Node would refuse to write end the response instead).

/** Hop-by-hop header names (lower case); every `Proxy-*` header is one too. */
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export type HeaderFields = Record<string, string | string[] | undefined>;

/**
 * Whether a (lower-case) name is one `Connection` lists. Its usual value is one option
 * ("keep-alive", "close"), compared as it is rather than through a set built for every message.
 */
function connectionOptions(connection: string | string[] | undefined): ((name: string) => boolean) | undefined {
  if (connection === undefined) return undefined;
  if (typeof connection === 'string' && !connection.includes(',')) {
    const only = connection.trim().toLowerCase();
    return (name) => name === only;
  }
  const names = new Set<string>();
  for (const value of [connection].flat()) for (const name of value.split(',')) names.add(name.trim().toLowerCase());
  return (name) => names.has(name);
}

/** Whether `name` (lower case) belongs to this hop only, `Connection`'s options included. */
export function hopByHopFilter(headers: HeaderFields): (name: string) => boolean {
  const named = connectionOptions(headers.connection);
  return (name) => hopByHop.has(name) || name.startsWith('proxy-') || named?.(name) === true;
}

// RFC 9110 5.1 and 5.5: a token; field values of visible characters, spaces and tabs (obs-text allowed).
const fieldName = /^[!#$%&'*+\-.^_`|~0-9a-z]+$/;
const badValue = /[^\t\x20-\x7e\x80-\xff]/;

/**
 * An origin's header fields as a response may pass them on: the end-to-end ones whose name and value
 * are valid, each as a string, `Set-Cookie` always as a list of its cookies.
 */
export function passableHeaders(headers: HeaderFields): Record<string, string | string[]> {
  const ownHop = hopByHopFilter(headers);
  const passed: Record<string, string | string[]> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || ownHop(name) || !fieldName.test(name)) continue;
    if (Array.isArray(value)) {
      const valid = value.filter((item) => !badValue.test(item));
      if (valid.length === 0) continue;
      passed[name] = name === 'set-cookie' || valid.length > 1 ? valid : (valid[0] as string);
    } else if (!badValue.test(value)) passed[name] = name === 'set-cookie' ? [value] : value;
  }
  return passed;
}
