import { sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { preparedSql } from "../../db/prepared";
import { jsonText } from "../../db/json-sql";
import { containsPattern } from "../../db/like-pattern";
import { rowsOf } from "../../db/rows";

/** The answer (ZGroupPerson[]) from the members in `found`, first 20 by name, as JSON text written by PostgreSQL. */
const first20 = sql`
  select ${jsonText(sql`coalesce(json_agg(person order by f.first_name, f.last_name), '[]')`)} as people
  from (select * from found order by first_name, last_name limit 20) f
  cross join lateral (select f.id as "userId", f.first_name as "firstName", f.last_name as "lastName", f.email) person`;

/**
 * A text of three characters or more: the members whose first name, last name or email holds it,
 * found through the trigram index `users_name_search_idx` (pg_trgm), then sorted. `found` is
 * materialized on purpose: asked for the first 20 by name, the planner would walk the name index
 * instead, testing every member before the first match (it takes matches to be spread evenly
 * through the names: 7 ms for "mar" at 5,000 members, all of them the 500 Marys after the
 * Davids, Esthers, Graces...). Through the trigrams a search reads the members it finds.
 */
const containing = preparedSql<{ people: string }>(
  "groups.people.search",
  () => sql`
  with found as materialized (
    select id, first_name, last_name, email from users
    where deleted_at is null and (first_name ilike ${sql.placeholder("pattern")} or last_name ilike ${sql.placeholder("pattern")} or email ilike ${sql.placeholder("pattern")}))
  ${first20}`,
);

/**
 * No text: the first 20 by name (users_people_name_idx, read in order). One or two characters
 * have no trigram to look up: planned for the text at hand, where walking the name index until
 * 20 match is the plan for a text that common.
 */
const byName = preparedSql<{ people: string }>("groups.people.first", () => sql`with found as (select id, first_name, last_name, email from users where deleted_at is null) ${first20}`);
const short = (pattern: string) => sql`
  with found as (
    select id, first_name, last_name, email from users
    where deleted_at is null and (first_name ilike ${pattern} or last_name ilike ${pattern} or email ilike ${pattern}))
  ${first20}`;

/**
 * Staff pick leaders by name (Admin, Groups): members whose first name, last name or email holds
 * the text, first 20 by name, as the answer's JSON text. Staff only: the People tab's list is for
 * OWNERs, and naming a leader needs no role change. Deleted accounts (tombstones, decision 0117)
 * are nobody to list.
 */
export async function searchPeople(deps: Deps, q: string): Promise<string> {
  if (!q) return (await byName(deps.db))[0]!.people;
  const pattern = containsPattern(q);
  if (q.length >= 3) return (await containing(deps.db, { pattern }))[0]!.people;
  return rowsOf<{ people: string }>(await deps.db.execute(short(pattern)))[0]!.people;
}
