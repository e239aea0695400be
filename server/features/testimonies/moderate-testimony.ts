import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { testimonies } from "../../db/schema/testimonies";
import { notFound } from "../../http/app-error";
import { selectTestimony } from "./testimony-view";
import { announce, member, notify } from "../../notifications/notify";
import { NOTIFICATION_MESSAGES } from "../../../contract/notifications";
import type { TestimonyWall } from "./list-testimonies";
import { ERROR_TEXT } from "../../../contract/errors-text";

/**
 * Approve (isApproved true) or reject (false). A rejected testimony leaves the moderation
 * queue: kept for the record (rejectedAt), never shown, no longer listed for staff; approving
 * it later clears the mark. Staff only.
 * The first approval tells the author, in the same transaction (not staff approving their own).
 */
export async function moderateTestimony(deps: Deps, wall: TestimonyWall, user: AuthUser, id: string, isApproved: boolean) {
  const notified = await deps.db.transaction(async (tx) => {
    const [updated] = await tx.update(testimonies).set({ isApproved, rejectedAt: isApproved ? null : deps.now() }).where(eq(testimonies.id, id)).returning({ userId: testimonies.userId });
    if (!updated) throw notFound(ERROR_TEXT.testimonyNotFound);
    if (!isApproved || !updated.userId || updated.userId === user.id) return 0;
    return notify(tx, { kind: "testimonyApproved", subjectId: id, ...NOTIFICATION_MESSAGES.testimonyApproved(), recipients: member(updated.userId), at: deps.now() });
  });
  wall.changed();
  if (isApproved) await deps.bus.publish("testimony-approved", { testimonyId: id });
  await announce(deps.bus, "testimonyApproved", notified);
  return (await selectTestimony(deps.db, user.id, id))!;
}
