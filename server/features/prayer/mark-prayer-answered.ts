import { and, eq, isNull, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { prayerRequests } from "../../db/schema/prayer";
import { forbidden, notFound } from "../../http/app-error";
import type { AuthUser } from "../../http/auth";
import { PRAYER_TEXT } from "../../../contract/prayer";
import { NOTIFICATION_MESSAGES } from "../../../contract/notifications";
import { announce, notify } from "../../notifications/notify";
import { ERROR_TEXT } from "../../../contract/errors-text";

/**
 * Only the author marks a request answered. Everyone who prayed for it (but the author) is
 * told, in the same transaction; the author marked it, so needs no notice.
 */
export async function markPrayerAnswered(deps: Deps, user: AuthUser, prayerId: string) {
  const [row] = await deps.db
    .select({ userId: prayerRequests.userId, isAnswered: prayerRequests.isAnswered, title: prayerRequests.title })
    .from(prayerRequests)
    .where(and(eq(prayerRequests.id, prayerId), isNull(prayerRequests.hiddenAt)))
    .limit(1);
  if (!row) throw notFound(ERROR_TEXT.prayerNotFound);
  if (row.userId !== user.id) throw forbidden(PRAYER_TEXT.notAuthor);
  if (!row.isAnswered) {
    const notified = await deps.db.transaction(async (tx) => {
      const changed = await tx
        .update(prayerRequests)
        .set({ isAnswered: true, answeredAt: deps.now() })
        .where(and(eq(prayerRequests.id, prayerId), eq(prayerRequests.isAnswered, false)))
        .returning({ id: prayerRequests.id });
      if (!changed.length) return 0; // marked answered by a concurrent request
      return notify(tx, {
        kind: "prayerAnswered",
        subjectId: prayerId,
        ...NOTIFICATION_MESSAGES.prayerAnswered(row.title),
        recipients: sql`select user_id from prayer_prayed where prayer_id = ${prayerId}::uuid and user_id <> ${user.id}::uuid`,
        at: deps.now(),
      });
    });
    await deps.bus.publish("prayer-updated", { prayerId });
    await announce(deps.bus, "prayerAnswered", notified);
  }
}
