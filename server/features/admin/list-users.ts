import { and, asc, ilike, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { users } from "../../db/schema/users";

/** The first 50 by name, read in the order of users_people_name_idx; `search` narrows to a pattern. */
const people = (db: Db, search: boolean) =>
  db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role, finance: users.finance, createdAt: users.createdAt })
    .from(users)
    // Deleted accounts (tombstones, decision 0117) are nobody to list.
    .where(
      and(
        isNull(users.deletedAt),
        search
          ? or(ilike(users.firstName, sql.placeholder("pattern")), ilike(users.lastName, sql.placeholder("pattern")), ilike(users.email, sql.placeholder("pattern")))
          : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName))
    .limit(50);
/** Built once each (db/prepared.ts; issue 23): the tab opens on the whole list, then a search. */
const everyone = prepared("admin.people", (db) => people(db, false));
const matching = prepared("admin.people-search", (db) => people(db, true));

/** Members for the People tab: a name or email search, first 50 by name. */
export async function listUsers(db: Db, q?: string) {
  if (!q) return everyone(db);
  return matching(db, { pattern: `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` });
}
