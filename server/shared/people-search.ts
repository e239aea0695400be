/**
 * Finding a member by what staff type (decision 0145): the leader picker (Admin → Groups), the
 * donor picker of a batch line and the People tab's search. A text finds the members whose first
 * name, last name, full name ("Mary Gar") or email holds it, in any case; deleted accounts
 * (tombstones, decision 0117) never. They are listed in the order a picker is read:
 *
 * 1. first names that start with the text, by first name, then last name;
 * 2. last names that start with it (first name not), by last name, then first name;
 * 3. the rest who hold it, by first name, then last name.
 *
 * Groups 1 and 2 are ranges of `users_first_name_prefix_idx` and `users_last_name_prefix_idx`
 * (lowered names in byte order, `collate "C"`), read in order and stopped at the page's size;
 * PostgreSQL runs the groups one after the other under one LIMIT and stops once the page is full,
 * so the usual search (the start of a name) never reads the rest of the people who hold the text.
 * Group 3 reads the first PEOPLE_SEARCH_WALK members by name itself, then finds the rest through
 * the trigram indexes (`users_full_name_search_idx`, `users_name_search_idx`'s email; a text of three
 * characters or more has trigrams, a shorter one is planned for the text at hand). The prefix
 * indexes carry the names and email (migration 0050's INCLUDE), so groups 1 and 2 and the walk
 * read no table rows; the page's rows are joined to `users` afterwards by id.
 *
 * What still reads more than a page: a text that thousands hold in the middle of a name, but
 * that neither starts many names nor is held by the first names in order (the "ary" of 2,000
 * Marys at 20,000 members: the trigram part reads and sorts them, 5 ms).
 */
import { sql, type SQL } from "drizzle-orm";
import { containsPattern } from "../db/like-pattern";
import { preparedSql, runtimeValue } from "../db/prepared";
import { rowsOf } from "../db/rows";
import type { Db } from "../db/client";

/** A search's values: placeholders (in a prepared statement) or the values themselves. */
export interface PeopleSearchValues {
  /** The text as typed (trimmed). */
  q: unknown;
  /** `containsPattern(q)`. */
  pattern: unknown;
}

/**
 * A search's statement (`build`: what the search shows of `rankedPeople`'s members), run for a
 * text. A text of three characters or more runs it prepared as `name`, the text and its pattern
 * as runtime values (decision 0137): the plan is the same whatever the text, and as placeholders
 * PostgreSQL planned the statement again on every search it expected the text to make cheaper
 * (1.3 ms of planning for 0.2 ms of execution; at 20,000 members the donor picker halved). A
 * shorter text has no trigrams: its statement is unnamed, planned for the text at hand.
 */
export function peopleSearch<R>(name: string, build: (v: PeopleSearchValues) => SQL) {
  const prepared = preparedSql<R>(name, () => build({ q: runtimeValue("q", "text"), pattern: runtimeValue("pattern", "text") }));
  return async (db: Db, q: string): Promise<R[]> => {
    const values = { q, pattern: containsPattern(q) };
    return q.length < 3 ? rowsOf<R>(await db.execute(build(values))) : prepared(db, values);
  };
}

const first = sql`(lower(first_name) collate "C")`;
const last = sql`(lower(last_name) collate "C")`;

/**
 * A lowered name that starts with the text, lowered by PostgreSQL as the name is: the index reads
 * the range from the text to the text followed by U+10FFFF (the last code point: a noncharacter,
 * in no name), and `starts_with` is the exact test.
 */
const startsWith = (name: SQL, q: unknown) =>
  sql`(${name} >= lower(${q}) collate "C" and ${name} < (lower(${q}) || chr(1114111)) collate "C" and starts_with(${name}, lower(${q})))`;

/**
 * How many members, in name order, group 3 first reads itself before it asks the trigram index
 * for the rest. A text that many hold but few names start with (an email domain every member
 * shares) would make the trigram search read nearly every member; among the first names in
 * order such a text finds its page at once. A rare text costs this many index entries, checked
 * without the table (the index carries names and email).
 */
export const PEOPLE_SEARCH_WALK = 50;

/**
 * The page's members in order: rows of `id`, `rank` (the group), `k1`, `k2` (the group's keys);
 * order them by `rank, k1, k2, id`. At most `limit` rows.
 */
export function rankedPeople(v: PeopleSearchValues, limit: number): SQL {
  // The page's size is written into the statement: as a parameter, a generic plan does not know
  // how few rows it stops at, and reads a whole range to sort it.
  const n = sql.raw(String(Math.trunc(limit)));
  const walk = sql.raw(String(PEOPLE_SEARCH_WALK));
  // The full name holds whatever the first or the last name holds: two tests, not four.
  const holds = sql`((first_name || ' ' || last_name) ilike ${v.pattern} or email ilike ${v.pattern})`;
  const rest = sql`not ${startsWith(sql`k1`, v.q)} and not ${startsWith(sql`k2`, v.q)}`;
  // Group 3 in two parts, in order: those who hold the text among the first PEOPLE_SEARCH_WALK
  // members by name (an index-only walk), then those after them, found through the trigrams
  // (`found`: materialized on purpose, or the planner would walk the name index for them, testing
  // every member before the first match; a CTE is only read when its part is reached). The
  // boundary is the walk's last member; a church smaller than the walk has none, and the walk
  // was everyone.
  return sql`
    with found as materialized (select id, ${first} as k1, ${last} as k2 from users where deleted_at is null and ${holds})
    (select id, 0 as rank, ${first} as k1, ${last} as k2 from users
      where deleted_at is null and ${startsWith(first, v.q)}
      order by ${first}, ${last}, id limit ${n})
    union all
    (select id, 1, ${last}, ${first} from users
      where deleted_at is null and ${startsWith(last, v.q)} and not ${startsWith(first, v.q)}
      order by ${last}, ${first}, id limit ${n})
    union all
    (select id, 2, k1, k2 from (
        select id, ${first} as k1, ${last} as k2, first_name, last_name, email from users
        where deleted_at is null order by ${first}, ${last}, id limit ${walk}) w
      where ${holds} and ${rest}
      limit ${n})
    union all
    (select id, 2, k1, k2 from found
      where (k1, k2, id) > (select ${first}, ${last}, id from users where deleted_at is null order by 1, 2, 3 offset ${walk} - 1 limit 1)
        and ${rest}
      order by k1, k2, id limit ${n})
    limit ${n}`;
}
