/**
 * For the tests of answers kept against a version the database raises (decisions 0147, 0148):
 * the columns a statement reads, table by table, and the check that the version's triggers cover
 * each of them (a row added or removed raises it; an update raises it when its trigger has no
 * condition or its condition names the column).
 */
import { expect } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";

/**
 * The columns `statement` reads as `alias.column`, by table: `tables` names each alias's table
 * (an empty name: an alias that is not a kept table's, left out), and an alias missing from it
 * fails the test, so a new join is looked at. `skip(alias, column)`: a derived row's own columns.
 */
export function columnsRead(statement: SQL, tables: Record<string, string>, skip: (alias: string, column: string) => boolean = () => false) {
  const read = new Map<string, Set<string>>();
  for (const [, alias, column] of new PgDialect().sqlToQuery(statement).sql.matchAll(/\b([a-z]+)\.([a-z_]+)\b/g)) {
    if (skip(alias!, column!)) continue;
    const table = tables[alias!];
    expect(table, `an alias the test does not know: ${alias}`).toBeDefined();
    if (!table) continue;
    if (!read.has(table)) read.set(table, new Set());
    read.get(table)!.add(column!);
  }
  return read;
}

/** Every column of `read` raises a version through a trigger calling a function `fn` matches. */
export async function expectVersionTriggersCover(db: Db, read: Map<string, Set<string>>, fn: RegExp) {
  for (const [table, columns] of read) {
    const defs = rowsOf<{ def: string }>(
      await db.execute(sql`select pg_get_triggerdef(oid) as def from pg_trigger where tgrelid = ${table}::regclass and not tgisinternal`),
    )
      .map((r) => r.def)
      .filter((d) => fn.test(d));
    expect(defs.some((d) => /AFTER INSERT OR DELETE|AFTER INSERT OR UPDATE OR DELETE/.test(d) && /DEFERRED/.test(d)), `${table}: rows added and removed`).toBe(true);
    const updates = defs.filter((d) => / UPDATE /.test(d));
    expect(updates.length, `${table}: updates`).toBeGreaterThan(0);
    for (const column of columns) {
      expect(
        updates.some((d) => !/ WHEN /.test(d) || new RegExp(`old\\.${column}\\b`, "i").test(d)),
        `${table}.${column}`,
      ).toBe(true);
    }
  }
}
