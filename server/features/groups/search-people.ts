import { sql, type SQL } from "drizzle-orm";
import type { Deps } from "../../deps";
import { preparedSql } from "../../db/prepared";
import { jsonText } from "../../db/json-sql";
import { containsPattern } from "../../db/like-pattern";
import { rowsOf } from "../../db/rows";

/** At most this many people are listed (the picker's page). */
const SHOWN = 20;

/** A member as the answer lists them (ZGroupPerson), written by PostgreSQL. */
const person = sql`cross join lateral (select f.id as "userId", f.first_name as "firstName", f.last_name as "lastName", f.email) person`;

/** No text: the first 20 by name (users_people_name_idx, read in order). */
const byName = preparedSql<{ people: string }>(
  "groups.people.first",
  () => sql`
  select ${jsonText(sql`coalesce(json_agg(person order by f.first_name, f.last_name), '[]')`)} as people
  from (select id, first_name, last_name, email from users where deleted_at is null order by first_name, last_name limit ${SHOWN}) f
  ${person}`,
);

const lowerC = (column: SQL) => sql`lower(${column}) collate "C"`;
const first = lowerC(sql`first_name`);
const last = lowerC(sql`last_name`);

/** A search's values: placeholders (a prepared statement) or the values themselves. */
interface Values {
  /** The ILIKE pattern of "holds the text". */
  pattern: unknown;
  /** The text. */
  q: unknown;
}

/**
 * A lowered name that starts with the text, lowered by PostgreSQL as the name is: the index reads
 * the range from the text to the text followed by the last code point (U+10FFFF, which no name
 * holds: a noncharacter), and `starts_with` is the exact test.
 */
const startsWith = (name: SQL, v: Values) =>
  sql`(${name} >= lower(${v.q}) collate "C" and ${name} < (lower(${v.q}) || chr(1114111)) collate "C" and starts_with(${name}, lower(${v.q})))`;

/**
 * Those a text names, in the picker's order (decision 0145): first the members whose first name
 * starts with it (by first name, then last name), then those whose last name does (by last name,
 * then first name), then the rest of those whose first name, last name or email holds it (by
 * name), from `found`. The first two groups are read in their order from an index and stop at
 * 20 (`users_first_name_prefix_idx`, `users_last_name_prefix_idx`: lowered names in byte order,
 * so "starts with" is a range); PostgreSQL runs the groups one after the other and stops once 20
 * are listed, so the common search (the start of a name) never reads the rest of the people who
 * hold the text. "mar" read all 2,000 Marys of a 20,000-member church before.
 */
const ranked = (found: SQL, v: Values) => sql`
  with found as materialized (${found})
  select ${jsonText(sql`coalesce(json_agg(person order by f.rank, f.k1, f.k2, f.id), '[]')`)} as people
  from (
    (select id, first_name, last_name, email, 0 as rank, ${first} as k1, ${last} as k2 from users
      where deleted_at is null and ${startsWith(first, v)}
      order by ${first}, ${last}, id limit ${SHOWN})
    union all
    (select id, first_name, last_name, email, 1, ${last}, ${first} from users
      where deleted_at is null and ${startsWith(last, v)} and not ${startsWith(first, v)}
      order by ${last}, ${first}, id limit ${SHOWN})
    union all
    (select id, first_name, last_name, email, 2, ${first}, ${last} from found
      where not ${startsWith(first, v)} and not ${startsWith(last, v)}
      order by ${first}, ${last}, id limit ${SHOWN})
    limit ${SHOWN}
  ) f
  ${person}`;

const holds = (v: Values) => sql`deleted_at is null and (first_name ilike ${v.pattern} or last_name ilike ${v.pattern} or email ilike ${v.pattern})`;
const found = (v: Values) => sql`select id, first_name, last_name, email from users where ${holds(v)}`;

/**
 * A text of three characters or more: the third group is found through the trigram index
 * `users_name_search_idx` (pg_trgm). `found` is materialized on purpose: asked for the first 20
 * by name, the planner would walk a name index instead, testing every member before the first
 * match (it takes matches to be spread evenly through the names). A CTE is only read when its
 * group is reached.
 */
const placeholders: Values = { pattern: sql.placeholder("pattern"), q: sql.placeholder("q") };
const containing = preparedSql<{ people: string }>("groups.people.search", () => ranked(found(placeholders), placeholders));

/**
 * One or two characters have no trigram to look up: planned for the text at hand (an unnamed
 * statement), where walking the members until 20 match is the plan for a text that common.
 */
const short = (v: Values) => ranked(found(v), v);

/**
 * Staff pick leaders by name (Admin, Groups): members whose first name, last name or email holds
 * the text, the 20 the text names first (decision 0145: first names that start with it, then
 * last names, then the rest by name), as the answer's JSON text. Staff only: the People tab's
 * list is for OWNERs, and naming a leader needs no role change. Deleted accounts (tombstones,
 * decision 0117) are nobody to list.
 */
export async function searchPeople(deps: Deps, q: string): Promise<string> {
  if (!q) return (await byName(deps.db))[0]!.people;
  const values = { pattern: containsPattern(q), q };
  if (q.length >= 3) return (await containing(deps.db, values))[0]!.people;
  return rowsOf<{ people: string }>(await deps.db.execute(short(values)))[0]!.people;
}
