import { and, asc, ilike, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/users";

/** Members for the People tab: a name or email search, first 50 by name. */
export async function listUsers(db: Db, q?: string) {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role, finance: users.finance, createdAt: users.createdAt })
    .from(users)
    // Deleted accounts (tombstones, decision 0117) are nobody to list.
    .where(and(isNull(users.deletedAt), pattern ? or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern)) : undefined))
    .orderBy(asc(users.firstName), asc(users.lastName))
    .limit(50);
}
