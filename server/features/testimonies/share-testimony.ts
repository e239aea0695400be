import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { testimonies } from "../../db/schema/testimonies";
import { selectTestimony } from "./testimony-view";
import { announce, notify, staffMembers } from "../../notifications/notify";
import { NOTIFICATION_MESSAGES } from "../../../contract/notifications";

/** Saves a testimony as pending (isApproved false) and tells staff, in the same transaction, that it needs approval. */
export async function shareTestimony(deps: Deps, user: AuthUser, text: string) {
  const { row, notified } = await deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(testimonies).values({ userId: user.id, text, createdAt: deps.now() }).returning({ id: testimonies.id });
    const notified = await notify(tx, {
      kind: "testimonyToModerate",
      subjectId: row.id,
      ...NOTIFICATION_MESSAGES.testimonyToModerate(),
      recipients: staffMembers(user.id),
      at: deps.now(),
    });
    return { row, notified };
  });
  await deps.bus.publish("new-testimony", { testimonyId: row.id });
  await announce(deps.bus, "testimonyToModerate", notified);
  return (await selectTestimony(deps.db, user.id, row.id))!;
}
