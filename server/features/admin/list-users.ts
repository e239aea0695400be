import { sql } from "drizzle-orm";
import { isoSql } from "../../db/iso-time";
import type { Db } from "../../db/client";
import { preparedSql } from "../../db/prepared";
import { jsonText } from "../../db/json-sql";
import { containsPattern } from "../../db/like-pattern";

const pattern = sql.placeholder("pattern");

/**
 * The first 50 by name, read in the order of users_people_name_idx (`search`: those whose first
 * name, last name or email holds the pattern), as the answer's JSON (ZUser[], toPublicUser's
 * fields: never a password or hash; finance is always true for an OWNER), written by PostgreSQL
 * (decision 0130): no row parsed into objects, no Date made per row, no response schema run over
 * 50 objects on the server's thread (issue 23, decision 0138). Deleted accounts (tombstones,
 * decision 0117) are nobody to list.
 */
const people = (search: boolean) => sql`
  select ${jsonText(sql`coalesce(json_agg(person order by f.first_name, f.last_name), '[]')`)} as people
  from (
    select u.id, u.email, u.first_name, u.last_name, u.role, u.finance, u.created_at from users u
    where u.deleted_at is null ${search ? sql`and (u.first_name ilike ${pattern} or u.last_name ilike ${pattern} or u.email ilike ${pattern})` : sql``}
    order by u.first_name, u.last_name
    limit 50) f
  cross join lateral (select f.id, f.email, f.first_name as "firstName", f.last_name as "lastName", f.role, (f.role = 'OWNER' or f.finance) as finance,
    ${isoSql("f.created_at")} as "createdAt") person`;

/** Built once each (db/prepared.ts; issue 23): the tab opens on the whole list, then a search. */
const everyone = preparedSql<{ people: string }>("admin.people", () => people(false));
const matching = preparedSql<{ people: string }>("admin.people-search", () => people(true));

/** Members for the People tab: a name or email search, first 50 by name, as JSON text (ZUser[]). */
export async function listUsers(db: Db, q?: string): Promise<string> {
  if (!q) return (await everyone(db))[0]!.people;
  return (await matching(db, { pattern: containsPattern(q) }))[0]!.people;
}
