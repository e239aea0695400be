/**
 * Keyset cursors, written once (issue 23, decision 0126). A list paged by keyset answers
 * `nextCursor`: the sort key of its page's last row, opaque to the client (base64url of the key's
 * parts). The next request sends it back as `cursor`, and the query continues strictly after that
 * key: `(sort, id) < (cursor's sort, cursor's id)` for newest first, on an index that serves the
 * order. A new row arriving meanwhile does not shift the pages (unlike an offset), and a cursor
 * that was not written here is a 400 naming the field, never a 500 from a cast.
 *
 * Every part is checked by its kind before it reaches SQL:
 * - `ts`: an exact instant as `exactTs` writes it (microseconds: a JS Date keeps milliseconds
 *   only, so a Date round trip would skip or repeat rows written in the same millisecond);
 * - `date`: a real calendar day (2026-02-30 would make PostgreSQL's cast fail);
 * - `uuid`: a row id, the tiebreak of most keys;
 * - `int`: a whole number of at most 18 digits (a bigserial's order, the tiebreak where a row's
 *   order is its sequence: an event's registrations);
 * - `text`: any string (a name the asker was shown).
 */
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { badRequest } from "./app-error";
import { ERROR_TEXT } from "../../contract/errors-text";

export type KeyPart = "ts" | "date" | "uuid" | "int" | "text";
type Parsed<K extends readonly KeyPart[]> = { [I in keyof K]: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

function realDate(d: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return false;
  const at = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === d && d >= "1900-01-01";
}

const valid: Record<KeyPart, (v: string) => boolean> = {
  ts: (v) => TS.test(v) && !Number.isNaN(Date.parse(v)) && realDate(v.slice(0, 10)),
  date: realDate,
  uuid: (v) => UUID.test(v),
  int: (v) => /^\d{1,18}$/.test(v),
  text: () => true,
};

/** The cursor of a row whose sort key is `parts` (the last one its id). */
export const writeCursor = (...parts: string[]): string => Buffer.from(JSON.stringify(parts)).toString("base64url");

/**
 * The key a cursor carries, checked part by part against `kinds`; anything else is a 400 on
 * `field` (the query parameter, as the validation errors name it) with `message`.
 */
export function readCursor<const K extends readonly KeyPart[]>(
  cursor: string,
  kinds: K,
  field = "query.cursor",
  message: string = ERROR_TEXT.invalidCursor,
): Parsed<K> {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    parts = null;
  }
  const ok = Array.isArray(parts) && parts.length === kinds.length && parts.every((p, i) => typeof p === "string" && p.length <= 500 && valid[kinds[i]](p));
  if (!ok) throw badRequest(field, message);
  return parts as Parsed<K>;
}

/** A timestamp column (or SQL text naming one, `"a.send_at"`) as the exact text a `ts` key part holds (UTC, microseconds). */
export const exactTs = (column: string | AnyColumn | SQL) =>
  sql<string>`to_char(${typeof column === "string" ? sql.raw(column) : column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One page of `rows` fetched with `limit + 1`: the page, and the cursor after its last row
 * (`keyOf` gives that row's key parts), null when nothing follows.
 */
export function pageOf<R>(rows: R[], limit: number, keyOf: (last: R) => string[]): { page: R[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { page, nextCursor: rows.length > limit && last ? writeCursor(...keyOf(last)) : null };
}

/**
 * A page read in one statement as `limit + 1` rows numbered from 1 in the page's order (`ord`,
 * `x.ord` unless named): aggregate filters for the rows the page shows (`shown`) and for its last
 * one (`last`: the `limit`-th, which exists only when a page follows; its key parts are the
 * cursor's, read from that one row instead of sorting the page again). `limit` is SQL: a
 * placeholder or a runtime value, cast as the statement needs.
 */
export const pageFilters = (limit: SQL, ord: SQL = sql`x.ord`) => ({
  shown: sql`filter (where ${ord} <= ${limit})`,
  last: sql`filter (where ${ord} = ${limit})`,
});
