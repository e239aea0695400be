import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/users";
import { conflict, notFound } from "../../http/app-error";
import { ADMIN_TEXT } from "../../../contract/admin";
import type { Role } from "../../../contract/roles";
import { ERROR_TEXT } from "../../../contract/errors-text";

/**
 * Changes a user's role. The church always keeps at least one OWNER: the owners' rows are
 * locked for the check, so two owners demoting each other at once cannot both succeed.
 */
export async function changeRole(db: Db, where: { id: string } | { email: string }, role: Role) {
  return db.transaction(async (tx) => {
    const owners = await tx.select({ id: users.id }).from(users).where(eq(users.role, "OWNER")).for("update");
    const [target] = await tx
      .select()
      .from(users)
      .where("id" in where ? eq(users.id, where.id) : eq(users.email, where.email.trim().toLowerCase()))
      .for("update");
    if (!target) throw notFound(ERROR_TEXT.userNotFound);
    if (target.role === "OWNER" && role !== "OWNER" && owners.length <= 1) throw conflict(ADMIN_TEXT.lastOwner);
    const [updated] = await tx.update(users).set({ role }).where(eq(users.id, target.id)).returning();
    const { passwordHash: _omit, ...user } = updated;
    return user;
  });
}
