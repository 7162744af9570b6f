// Kysely builds and compiles a query on every execute; on the enquiry path that cost more than
// SQLite running the statements (bench/). A prepared query is built and compiled once per
// dialect, with a marker in place of each value, and every call puts its values in the markers'
// places in the compiled parameters. The SQL text never changes, so the driver's prepared
// statement is reused as well.
import {
  createQueryId,
  type Compilable,
  type CompiledQuery,
  type Kysely,
  type QueryResult,
  type Transaction,
} from 'kysely';
import type { Tables } from './schema.ts';

type Db = Kysely<Tables> | Transaction<Tables>;

/** A compiled parameter: the index of the value it takes, or a constant of the query. */
type Slot = number | { constant: unknown };

export function preparedQuery<V extends Record<string, unknown>, R = unknown>(
  names: readonly (keyof V & string)[],
  build: (db: Db, values: V) => Compilable<R>,
): (db: Db, values: V) => Promise<QueryResult<R>> {
  const compiledByAdapter = new WeakMap<object, { compiled: CompiledQuery<R>; slots: Slot[] }>();
  const markers = names.map((name, i) => `\u0000prepared:${i}:${name}\u0000`);
  return (db, values) => {
    const adapter = db.getExecutor().adapter;
    let prepared = compiledByAdapter.get(adapter);
    if (!prepared) {
      const compiled = build(db, Object.fromEntries(names.map((name, i) => [name, markers[i]])) as V).compile();
      const slots = compiled.parameters.map((parameter): Slot => {
        const index = markers.indexOf(parameter as string);
        return index === -1 ? { constant: parameter } : index;
      });
      // Every value must reach the SQL as a parameter, or later calls would run with the markers.
      const missing = names.filter((_, i) => !slots.includes(i));
      if (missing.length > 0) throw new Error(`prepared query does not pass ${missing.join(', ')} as parameters`);
      prepared = { compiled, slots };
      compiledByAdapter.set(adapter, prepared);
    }
    const { compiled, slots } = prepared;
    const parameters = slots.map((slot) => (typeof slot === 'number' ? values[names[slot]!] : slot.constant));
    return db.executeQuery<R>({ query: compiled.query, sql: compiled.sql, parameters, queryId: createQueryId() });
  };
}
