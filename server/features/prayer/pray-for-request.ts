import { and, eq, isNull, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { prayerPrayed, prayerRequests } from "../../db/schema/prayer";
import { notFound } from "../../http/app-error";
import type { AuthUser } from "../../http/auth";
import { ERROR_TEXT } from "../../../contract/errors-text";

/** "I prayed": counted once per member (the primary key makes a repeat a no-op). */
export async function prayForRequest(deps: Deps, user: AuthUser, prayerId: string) {
  const [prayer] = await deps.db
    .select({ id: prayerRequests.id })
    .from(prayerRequests)
    .where(and(eq(prayerRequests.id, prayerId), isNull(prayerRequests.hiddenAt)))
    .limit(1);
  if (!prayer) throw notFound(ERROR_TEXT.prayerNotFound);
  const inserted = await deps.db
    .insert(prayerPrayed)
    .values({ prayerId, userId: user.id, createdAt: deps.now() })
    .onConflictDoNothing()
    .returning({ prayerId: prayerPrayed.prayerId });
  const [{ count }] = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(prayerPrayed)
    .where(eq(prayerPrayed.prayerId, prayerId));
  if (inserted.length) await deps.bus.publish("prayer-updated", { prayerId });
  return { prayedCount: Number(count), hasPrayed: true };
}
