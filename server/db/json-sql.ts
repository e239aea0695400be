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
