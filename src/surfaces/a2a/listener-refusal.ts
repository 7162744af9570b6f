// A request the listener refuses before any route runs (headers too slow or too large, a body over the
// listener's bound) is answered in the shape of the binding its path names, so an A2A client reads
// the refusal as it reads any other: a JSON-RPC error at /a2a, a google.rpc.Status at /a2a/rest/.

/** The body of a listener refusal at an A2A path; undefined for a path of no A2A binding. */
export function a2aListenerRefusal(
  status: number,
  message: string,
  path: string,
): { contentType: string; body: string } | undefined {
  if (path === '/a2a' || path.startsWith('/a2a?')) {
    return {
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ jsonrpc: '2.0', error: { code: -32600, message }, id: null }),
    };
  }
  if (path.startsWith('/a2a/rest/')) {
    const name = status === 408 ? 'DEADLINE_EXCEEDED' : 'INVALID_ARGUMENT';
    return {
      contentType: 'application/a2a+json',
      body: JSON.stringify({ error: { code: status, status: name, message, details: [] } }),
    };
  }
  return undefined;
}
