// Converts a zod schema to JSON Schema once, at start-up. The SDK builds a fresh server per HTTP
// request and would otherwise re-convert every tool schema on every tools/list and tools/call.
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type * as z from 'zod';

/** The SDK's conversion target (draft 2020-12), fixed here so the cached output matches it. */
const target = 'draft-2020-12';

/**
 * Each schema's JSON Schema, kept with the schema: a schema made once for the process (one that is
 * the same for every site) is converted once, not once per site that lists it.
 */
const conversions = new WeakMap<z.ZodType, { input: unknown; output: unknown }>();

function converted(schema: z.ZodType): { input: unknown; output: unknown } {
  let made = conversions.get(schema);
  if (!made) {
    const standard = schema['~standard'];
    made = { input: standard.jsonSchema.input({ target }), output: standard.jsonSchema.output({ target }) };
    conversions.set(schema, made);
  }
  return made;
}

/**
 * Wraps `schema` so the JSON Schema the SDK asks for is computed once. With `validate: false` the
 * SDK's own check passes everything through and the tool validates (and words errors) itself.
 * Example: `registerTool(name, { inputSchema: cachedSchema(z.object({...})) }, cb)`.
 */
export function cachedSchema<T extends z.ZodType>(
  schema: T,
  options: { validate?: boolean } = {},
): StandardSchemaWithJSON<z.input<T>, z.output<T>> {
  const standard = schema['~standard'];
  const passThrough = (value: unknown): { value: unknown } => ({ value });
  const { input, output } = converted(schema);
  return {
    '~standard': {
      version: 1,
      vendor: standard.vendor,
      validate: options.validate === false ? passThrough : standard.validate,
      jsonSchema: { input: () => input, output: () => output },
    },
  } as StandardSchemaWithJSON<z.input<T>, z.output<T>>;
}
