/**
 * Answers whose JSON PostgreSQL writes (issue 23, decision 0130): a list read that only reshapes
 * rows selects them as the answer's objects (`row_to_json` or `json_agg` of a row whose columns
 * are named as the answer's fields) and the route sends the text as it is, so the server's thread
 * neither parses the rows into objects nor checks them against the response schema and
 * serializes them again. Each such answer is parsed with its contract schema in its feature's
 * tests.
 */
import { sql, type SQL } from "drizzle-orm";

/**
 * `json` (a json value) as text, compact: `json_agg` separates its elements with ", \n ". A
 * newline inside a string value is written escaped (`\n`), so the only newlines in the text are
 * those separators, and removing them leaves what JSON.stringify would write.
 */
export const jsonText = (json: SQL) => sql`replace((${json})::text, E', \\n ', ',')`;

/**
 * JSON objects PostgreSQL wrote as text (`item`: a text column, each row one object), joined into
 * one array in `order`, `filter` (an aggregate's `filter (where ...)`) choosing the rows shown.
 * Writing an object as text and joining the texts costs PostgreSQL about half of building a
 * record per row and turning it into JSON with `json_agg` (decision 0142; the directory's
 * entries, a group's roster, the groups' pages).
 */
export const jsonArrayOfTexts = (item: SQL, order: SQL, filter: SQL = sql``) => sql`('[' || coalesce(string_agg(${item}, ',' order by ${order}) ${filter}, '') || ']')`;

/** A value as JSON text, or `null` (a column that may be null, in an object written as text). */
export const jsonOrNull = (value: SQL) => sql`coalesce(to_json(${value})::text, 'null')`;
