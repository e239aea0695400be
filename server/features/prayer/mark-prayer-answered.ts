import { and, eq, isNull } from "drizzle-orm";
import type { Deps } from "../../deps";
import { prayerRequests } from "../../db/schema/prayer";
import { forbidden, notFound } from "../../http/app-error";
import type { AuthUser } from "../../http/auth";
import { PRAYER_TEXT } from "../../../contract/prayer";

/** Only the author marks a request answered. */
export async function markPrayerAnswered(deps: Deps, user: AuthUser, prayerId: string) {
  const [row] = await deps.db
    .select({ userId: prayerRequests.userId, isAnswered: prayerRequests.isAnswered })
    .from(prayerRequests)
    .where(and(eq(prayerRequests.id, prayerId), isNull(prayerRequests.hiddenAt)))
    .limit(1);
  if (!row) throw notFound("Prayer request not found");
  if (row.userId !== user.id) throw forbidden(PRAYER_TEXT.notAuthor);
  if (!row.isAnswered) {
    await deps.db.update(prayerRequests).set({ isAnswered: true, answeredAt: deps.now() }).where(eq(prayerRequests.id, prayerId));
    await deps.bus.publish("prayer-updated", { prayerId });
  }
}
