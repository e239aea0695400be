import { sql, type SQL } from "drizzle-orm";
import { isoSql } from "../../db/iso-time";
import type { Db } from "../../db/client";
import { preparedSql } from "../../db/prepared";
import { jsonText } from "../../db/json-sql";
import { peopleSearch, rankedPeople } from "../../shared/people-search";

/** The People tab lists this many. */
const SHOWN = 50;

/**
 * Members (`f`, rows of users) as the answer's JSON in `order` (ZUser[], toPublicUser's
 * fields: never a password or hash; finance is always true for an OWNER), written by PostgreSQL
 * (decision 0130): no row parsed into objects, no Date made per row, no response schema run over
 * 50 objects on the server's thread (issue 23, decision 0138). Deleted accounts (tombstones,
 * decision 0117) are nobody to list.
 */
const people = (from: SQL, order: SQL) => sql`
  select ${jsonText(sql`coalesce(json_agg(person order by ${order}), '[]')`)} as people
  from ${from}
  cross join lateral (select f.id, f.email, f.first_name as "firstName", f.last_name as "lastName", f.role, (f.role = 'OWNER' or f.finance) as finance,
    ${isoSql("f.created_at")} as "createdAt") person`;

/** No text: the first 50 by name, read in the order of users_people_name_idx. */
const firstByName = sql`(select id, email, first_name, last_name, role, finance, created_at from users
  where deleted_at is null order by first_name, last_name limit ${sql.raw(String(SHOWN))}) f`;
/** Built once (db/prepared.ts; issue 23): the tab opens on the whole list, then a search. */
const everyone = preparedSql<{ people: string }>("admin.people", () => people(firstByName, sql`f.first_name, f.last_name`));
/** A text: the 50 it names first (shared/people-search.ts, decision 0145). */
const matching = peopleSearch<{ people: string }>("admin.people-search", (v) =>
  people(sql`(${rankedPeople(v, SHOWN)}) r join users f on f.id = r.id`, sql`r.rank, r.k1, r.k2, r.id`),
);

/**
 * Members for the People tab as JSON text (ZUser[]): the first 50 by name, or those a text names
 * (first name, last name, full name or email), the 50 it names first.
 */
export async function listUsers(db: Db, q?: string): Promise<string> {
  if (!q) return (await everyone(db))[0]!.people;
  return (await matching(db, q))[0]!.people;
}
