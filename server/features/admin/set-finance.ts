/**
 * The finance permission (issue 19; decision 0113): the OWNER grants it to, or takes it from,
 * anyone (a treasurer may be a MEMBER). With it they see donor-level giving; the two-step rule
 * for staff applies to them too (features/auth/two-step-policy.ts). The change and its audit
 * row are one transaction; the users trigger tells every instance's session cache.
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { users } from "../../db/schema/users";
import type { AuthUser } from "../../http/auth";
import { notFound } from "../../http/app-error";
import { audit } from "../../shared/audit";
import { ERROR_TEXT } from "../../../contract/errors-text";

export async function setFinance(deps: Deps, actor: AuthUser, userId: string, finance: boolean) {
  return deps.db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!target) throw notFound(ERROR_TEXT.userNotFound);
    if (target.finance === finance) {
      const { passwordHash: _same, ...same } = target;
      return same;
    }
    const [updated] = await tx.update(users).set({ finance }).where(eq(users.id, userId)).returning();
    await audit(tx, actor, finance ? "finance.grant" : "finance.revoke", { userId, name: `${target.firstName} ${target.lastName}`.trim(), email: target.email }, deps.now());
    const { passwordHash: _omit, ...user } = updated;
    return user;
  });
}
