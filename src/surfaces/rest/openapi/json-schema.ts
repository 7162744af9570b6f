// Converts zod schemas into OpenAPI 3.1 schema objects. Named schemas (zod `.meta({ id })`) become
// entries of components.schemas and are referenced by $ref, so each shape appears once.
import { z } from 'zod';

export type SchemaObject = Record<string, unknown>;

export interface SchemaCollector {
  /** The OpenAPI schema for `schema`; named parts are added to the components. */
  schema(schema: z.ZodType, io: 'input' | 'output'): SchemaObject;
  components(): Record<string, SchemaObject>;
}

export function createSchemaCollector(): SchemaCollector {
  const components: Record<string, SchemaObject> = {};
  const add = (name: string, value: SchemaObject): void => {
    const existing = components[name];
    if (existing && JSON.stringify(existing) !== JSON.stringify(value)) {
      throw new Error(`two different schemas are both named ${name}`);
    }
    components[name] = value;
  };
  return {
    schema(schema, io) {
      const json = rewriteRefs(
        z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }),
      ) as SchemaObject;
      delete json.$schema;
      const defs = (json.$defs ?? {}) as Record<string, SchemaObject>;
      delete json.$defs;
      for (const [name, value] of Object.entries(defs)) add(name, value);
      return json;
    },
    components: () => components,
  };
}

/** Points refs at the components and drops the `id` meta key (a property named `id` is kept). */
function rewriteRefs(value: unknown, propertyNames = false): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'id' && !propertyNames) continue;
    out[key] =
      key === '$ref' && typeof item === 'string'
        ? item.replace('#/$defs/', '#/components/schemas/')
        : rewriteRefs(item, key === 'properties' && !propertyNames);
  }
  return out;
}
