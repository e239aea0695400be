import type { Deps } from "../../deps";
import type { PrayerRequestData } from "../../../contract/prayer";
import { prayerRequests } from "../../db/schema/prayer";
import type { AuthUser } from "../../http/auth";
import { enqueueCrmSync } from "../../providers/crm/queue";
import { notifyUrgentPrayer } from "./notify-urgent-prayer";

/**
 * Stores a prayer request and tells every member's wall (new-prayer, with isUrgent
 * for staff). A request the author
 * shared with the pastoral care team is queued for the church's CRM in the same transaction;
 * an anonymous one never is (it would carry the author's name), so its opt-in is dropped.
 * An urgent one's email to the church is queued in that transaction too (notify-urgent-prayer.ts).
 */
export async function submitPrayerRequest(deps: Deps, user: AuthUser, input: PrayerRequestData) {
  const now = deps.now();
  const shareWithCareTeam = input.shareWithCareTeam && !input.isAnonymous;
  const row = await deps.db.transaction(async (tx) => {
    const [r] = await tx
      .insert(prayerRequests)
      .values({ ...input, shareWithCareTeam, userId: user.id, createdAt: now })
      .returning({ id: prayerRequests.id });
    if (shareWithCareTeam) await enqueueCrmSync(tx, "prayer", r.id, now);
    await notifyUrgentPrayer(deps, tx, input, `${user.firstName} ${user.lastName.slice(0, 1)}.`);
    return r;
  });
  await deps.bus.publish("new-prayer", { prayerId: row.id, isUrgent: input.isUrgent });
  return row;
}
