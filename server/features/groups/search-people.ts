import { sql, type SQL } from "drizzle-orm";
import type { Deps } from "../../deps";
import { preparedSql } from "../../db/prepared";
import { jsonText } from "../../db/json-sql";
import { peopleSearch, rankedPeople } from "../../shared/people-search";

/** At most this many people are listed (the picker's page). */
const SHOWN = 20;

/** Members (`f`: id, first_name, last_name, email) as the answer lists them (ZGroupPerson), in `order`. */
const answer = (from: SQL, order: SQL) => sql`
  select ${jsonText(sql`coalesce(json_agg(person order by ${order}), '[]')`)} as people
  from ${from}
  cross join lateral (select f.id as "userId", f.first_name as "firstName", f.last_name as "lastName", f.email) person`;

/** No text: the first 20 by name (users_people_name_idx, read in order). */
const byName = preparedSql<{ people: string }>("groups.people.first", () =>
  answer(sql`(select id, first_name, last_name, email from users where deleted_at is null order by first_name, last_name limit ${sql.raw(String(SHOWN))}) f`, sql`f.first_name, f.last_name`),
);

/** A text: the 20 it names first (shared/people-search.ts). */
const search = peopleSearch<{ people: string }>("groups.people.search", (v) =>
  answer(sql`(${rankedPeople(v, SHOWN)}) r join users f on f.id = r.id`, sql`r.rank, r.k1, r.k2, r.id`),
);

/**
 * Staff pick leaders by name (Admin, Groups): the members a text names (first name, last name,
 * full name or email), the 20 it names first (decision 0145: first names that start with it, then
 * last names, then the rest by name), as the answer's JSON text; no text: the first 20 by name.
 * Staff only: the People tab's list is for OWNERs, and naming a leader needs no role change.
 */
export async function searchPeople(deps: Deps, q: string): Promise<string> {
  if (!q) return (await byName(deps.db))[0]!.people;
  return (await search(deps.db, q))[0]!.people;
}
