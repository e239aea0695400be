import { and, asc, ilike, isNull, or } from "drizzle-orm";
import type { Deps } from "../../deps";
import { users } from "../../db/schema/users";
import type { GroupPerson } from "../../../contract/groups";

/**
 * Staff pick leaders by name (Admin, Groups): members whose first name, last name or email holds
 * the text, first 20 by name. Staff only: the People tab's list is for OWNERs, and naming a
 * leader needs no role change.
 */
export async function searchPeople(deps: Deps, q: string): Promise<GroupPerson[]> {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return deps.db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    // Deleted accounts (tombstones, decision 0117) are nobody to list.
    .where(and(isNull(users.deletedAt), pattern ? or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern)) : undefined))
    .orderBy(asc(users.firstName), asc(users.lastName))
    .limit(20);
}
