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
 */
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client";

interface Preparable {
  prepare(name: string): { execute(placeholders?: Record<string, unknown>): Promise<unknown> };
}
type Executed<Q extends Preparable> = Awaited<ReturnType<ReturnType<Q["prepare"]>["execute"]>>;

const NAMES = new Set<string>();

export function prepared<Q extends Preparable>(name: string, build: (db: Db) => Q) {
  if (NAMES.has(name)) throw new Error(`prepared statement ${name} is declared twice`);
  NAMES.add(name);
  const byDb = new WeakMap<Db, ReturnType<Q["prepare"]>>();
  return (db: Db, placeholders?: Record<string, unknown>): Promise<Executed<Q>> => {
    let statement = byDb.get(db);
    if (!statement) byDb.set(db, (statement = build(db).prepare(name) as ReturnType<Q["prepare"]>));
    return statement.execute(placeholders) as Promise<Executed<Q>>;
  };
}

const dialect = new PgDialect();

/**
 * `prepared` for a statement written as SQL (drizzle's `sql`, with `sql.placeholder(name)` for
 * what changes per request): a read the select builder cannot say (json aggregation, lateral
 * joins, a union of pages), or whose rows are used as they come, not mapped column by column.
 * The text is built once, here; the statement is prepared by `name` as with `prepared`.
 * Resolves to the rows, objects keyed by column name (timestamps as PostgreSQL's text).
 */
export function preparedSql<R>(name: string, text: SQL) {
  const query = dialect.sqlToQuery(text);
  const run = prepared(name, (db) => ({ prepare: (as: string) => db._.session.prepareQuery(query, undefined, as, false) }));
  return async (db: Db, placeholders?: Record<string, unknown>): Promise<R[]> => ((await run(db, placeholders)) as { rows: R[] }).rows;
}
