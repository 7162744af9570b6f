// The one check every A2A request body passes before anything runs, on both bindings: a JSON object,
// nested at most `maxJsonDepth` deep, with at most `maxJsonValues` values, whose ids are strings
// and whose message, parts and metadata are objects (assertRequestShape). The SDK copies messages
// with structuredClone and the task store writes them as JSON, so a body past these bounds (e.g.
// metadata nested 2 000 deep, well under 64 KiB) is refused as InvalidParams while nothing has
// happened yet, instead of failing after an enquiry was recorded.
import { invalidParams } from './errors.ts';

/** The largest body either binding reads (bytes), as on the MCP server. */
export const a2aBodyLimitBytes = 64 * 1024;

/** Deepest nesting of objects and arrays, the body itself being level 1 (a skill call needs 8). */
export const maxJsonDepth = 16;
/** Most values (objects, arrays, strings, numbers…) in one body; 64 KiB of `[0,0,…]` holds 32 000. */
export const maxJsonValues = 4_096;

/** Throws InvalidParams unless `body` is a JSON object within the bounds above. */
export function assertBoundedBody(body: unknown): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalidParams('The request body must be a JSON object.');
  let values = 0;
  // Iterative, so no body can exhaust the stack; a level past the limit is refused before it is walked.
  const pending: Array<[unknown, number]> = [[body, 1]];
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    values += 1;
    if (values > maxJsonValues) throw invalidParams(`The request body holds more than ${maxJsonValues} JSON values.`);
    if (typeof value !== 'object' || value === null) continue;
    if (depth > maxJsonDepth) throw invalidParams(`The request body is nested more than ${maxJsonDepth} levels deep.`);
    for (const item of Array.isArray(value) ? value : Object.values(value)) pending.push([item, depth + 1]);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Throws InvalidParams unless the request's params (or an HTTP+JSON body) have the shape both
 * protocol versions share: ids are strings (a message's contextId without NUL); message, each part
 * and every metadata are objects; parts is an array. The SDK's converters would otherwise read a number as an id or fail inside.
 */
export function assertRequestShape(params: Record<string, unknown>): void {
  const fail = (field: string, kind: string): never => {
    throw invalidParams(`${field} must be ${kind}.`, { [field]: `must be ${kind}` });
  };
  const strings = (value: Record<string, unknown>, prefix: string, names: string[]): void => {
    for (const name of names)
      if (name in value && typeof value[name] !== 'string') fail(`${prefix}${name}`, 'a string');
  };
  const metadata = (value: Record<string, unknown>, prefix: string): void => {
    if ('metadata' in value && value.metadata !== null && !isObject(value.metadata))
      fail(`${prefix}metadata`, 'a JSON object');
  };
  strings(params, '', ['id', 'taskId', 'contextId']);
  metadata(params, '');
  if (!('message' in params)) return;
  const message = params.message;
  if (!isObject(message)) return fail('message', 'a JSON object');
  strings(message, 'message.', ['messageId', 'contextId', 'taskId']);
  // A context id is kept with the task, and no store keeps a NUL (PostgreSQL refuses it in text).
  if (typeof message.contextId === 'string' && message.contextId.includes('\0'))
    fail('message.contextId', 'free of NUL characters');
  metadata(message, 'message.');
  if (!('parts' in message)) return;
  if (!Array.isArray(message.parts)) return fail('message.parts', 'an array');
  message.parts.forEach((part, index) => {
    if (!isObject(part)) fail(`message.parts[${index}]`, 'a JSON object');
    else metadata(part, `message.parts[${index}].`);
  });
}
