import { and, eq, inArray } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { emailOptOuts, notificationOptOuts } from "../../db/schema/notifications";
import { NOTIFICATION_KINDS, type NotificationKind, type UpdatePreferences } from "../../../contract/notifications";
import { getPreferences } from "./get-preferences";

/**
 * Turns kinds on or off (only those named). Off means neither stored in the inbox nor pushed
 * from now on; what already arrived stays. A member may set the staff-only kinds too (harmless:
 * they take effect if the member becomes staff), but only sees the kinds of their role.
 * `emailUpdates` is the Profile's "Email updates" switch: off, no announcement is emailed to the
 * member (decision 0110); account emails are unaffected.
 */
export async function updatePreferences(deps: Deps, user: AuthUser, input: UpdatePreferences) {
  const entries = NOTIFICATION_KINDS.filter((k) => input.kinds[k] !== undefined).map((k) => [k, input.kinds[k]!] as const);
  const off = entries.filter(([, on]) => !on).map(([k]) => k as NotificationKind);
  const on = entries.filter(([, on]) => on).map(([k]) => k as NotificationKind);
  await deps.db.transaction(async (tx) => {
    if (on.length) await tx.delete(notificationOptOuts).where(and(eq(notificationOptOuts.userId, user.id), inArray(notificationOptOuts.kind, on)));
    if (off.length) {
      await tx
        .insert(notificationOptOuts)
        .values(off.map((kind) => ({ userId: user.id, kind, createdAt: deps.now() })))
        .onConflictDoNothing();
    }
    if (input.emailUpdates === true) await tx.delete(emailOptOuts).where(eq(emailOptOuts.userId, user.id));
    if (input.emailUpdates === false) await tx.insert(emailOptOuts).values({ userId: user.id, createdAt: deps.now() }).onConflictDoNothing();
  });
  return getPreferences(deps.db, user);
}
