// The one check every A2A request body passes before anything runs, on both bindings: a JSON object,
// nested at most `maxJsonDepth` deep, with at most `maxJsonValues` values. The SDK copies messages
// with structuredClone and the task store writes them as JSON, so a body past these bounds (e.g.
// metadata nested 2 000 deep, well under 64 KiB) is refused as InvalidParams while nothing has
// happened yet, instead of failing after an enquiry was recorded.
import { invalidParams } from './errors.ts';

/** Deepest nesting of objects and arrays, the body itself being level 1 (a skill call needs 8). */
export const maxJsonDepth = 16;
/** Most values (objects, arrays, strings, numbers…) in one body; 64 KiB of `[0,0,…]` holds 32 000. */
export const maxJsonValues = 4_096;

/** Throws InvalidParams unless `body` is a JSON object within the bounds above. */
export function assertBoundedBody(body: unknown): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidParams('The request body must be a JSON object.');
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
