/**
 * A hot read's query built once per database, not once per request (issue 23, decision 0126).
 *
 * Profiling `GET /api/giving/history` (one indexed query of five rows) showed a fifth of the
 * server's busy time in drizzle building the statement's text (`_prepare`, `buildSelection`,
 * `is()` over every column) on every request, and PostgreSQL planning it again each time (0.46 ms
 * of planning for 0.13 ms of execution). `prepared(name, build)` builds the drizzle query once
 * per `Db` (tests open many) with `sql.placeholder`s for what changes per request, and prepares it
 * under `name`, so node-postgres sends a named statement (parsed and planned once per pooled
 * connection) and PGlite reuses its own.
 *
 * Only for reads asked for on every screen with the same shape; a query built from filters stays
 * an ordinary one. Names are global per connection: `feature.read` (a name declared twice throws when loaded).
 *
 * `preparedSql(name, build)` is the same for a statement written as SQL text (a union, a lateral
 * join: what the query builder does not say), answering its rows as PostgreSQL names the
 * columns. Timestamps and dates come as PostgreSQL's text, as `db.execute` gives them.
 */
import { PgDialect } from "drizzle-orm/pg-core";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "./client";

interface Preparable {
  prepare(name: string): { execute(placeholders?: Record<string, unknown>): Promise<unknown> };
}
type Executed<Q extends Preparable> = Awaited<ReturnType<ReturnType<Q["prepare"]>["execute"]>>;

const NAMES = new Set<string>();

function declare(name: string) {
  if (NAMES.has(name)) throw new Error(`prepared statement ${name} is declared twice`);
  NAMES.add(name);
}

export function prepared<Q extends Preparable>(name: string, build: (db: Db) => Q) {
  declare(name);
  const byDb = new WeakMap<Db, ReturnType<Q["prepare"]>>();
  return (db: Db, placeholders?: Record<string, unknown>): Promise<Executed<Q>> => {
    let statement = byDb.get(db);
    if (!statement) byDb.set(db, (statement = build(db).prepare(name) as ReturnType<Q["prepare"]>));
    return statement.execute(placeholders) as Promise<Executed<Q>>;
  };
}

/** Turns SQL (with `sql.placeholder`s) into its text and parameters, as every Db's own dialect does. */
const dialect = new PgDialect();

export function preparedSql<R>(name: string, build: () => SQL) {
  declare(name);
  let query: ReturnType<PgDialect["sqlToQuery"]> | undefined;
  const byDb = new WeakMap<Db, { execute(placeholders?: Record<string, unknown>): Promise<unknown> }>();
  return async (db: Db, placeholders?: Record<string, unknown>): Promise<R[]> => {
    let statement = byDb.get(db);
    if (!statement) {
      query ??= dialect.sqlToQuery(build());
      byDb.set(db, (statement = db._.session.prepareQuery(query, undefined, name, false)));
    }
    return ((await statement.execute(placeholders)) as { rows: R[] }).rows;
  };
}

/**
 * A value of a prepared statement that its plan does not depend on, given so PostgreSQL plans
 * the statement once (decision 0137): `(select $n::type)`, an initplan's value, known only when
 * the statement runs (an index scan still uses it as its bound).
 *
 * A named statement is planned again on every execution while PostgreSQL expects a plan made for
 * the values at hand to be cheaper than its generic plan, and for a range with a `limit` it always
 * does (the generic plan guesses 10% of the rows for an unknown limit): the ledger's page was
 * planned on every request, its planning as long as its execution. With its values out of the
 * planner's sight, the plans made for the values cost the same as the generic plan plus the
 * planning, and from the sixth execution on the generic plan is kept. Only for values that never
 * change the plan (the bounds of a newest-first page on its index, its size, a cursor's key); a
 * value whose plan should follow it (a search text of one or two characters) stays a placeholder.
 */
export const runtimeValue = (name: string, type: string) => sql`(select ${sql.placeholder(name)}::${sql.raw(type)})`;
