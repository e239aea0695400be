import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prayerPrayed, prayerRequests } from "../../db/schema/prayer";
import { users } from "../../db/schema/users";
import type { Prayer } from "../../../contract/prayer";
import type { AuthUser } from "../../http/auth";
import { isStaff } from "../../../contract/roles";

export const PRAYER_WALL_SIZE = 50;

/**
 * The prayer wall: shared requests that staff have not hidden, newest first (urgent ones first
 * for staff). An anonymous request never carries its author's name, to anyone.
 */
export async function listPrayers(db: Db, viewer: AuthUser): Promise<Prayer[]> {
  const prayedCount = sql<number>`(select count(*)::int from ${prayerPrayed} where ${prayerPrayed.prayerId} = ${prayerRequests.id})`;
  const hasPrayed = sql<boolean>`exists(select 1 from ${prayerPrayed} where ${prayerPrayed.prayerId} = ${prayerRequests.id} and ${prayerPrayed.userId} = ${viewer.id})`;
  const staff = isStaff(viewer.role);
  const rows = await db
    .select({
      id: prayerRequests.id,
      userId: prayerRequests.userId,
      title: prayerRequests.title,
      description: prayerRequests.description,
      category: prayerRequests.category,
      isAnonymous: prayerRequests.isAnonymous,
      isUrgent: prayerRequests.isUrgent,
      isAnswered: prayerRequests.isAnswered,
      createdAt: prayerRequests.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      prayedCount,
      hasPrayed,
    })
    .from(prayerRequests)
    .innerJoin(users, eq(users.id, prayerRequests.userId))
    .where(and(isNull(prayerRequests.hiddenAt)))
    .orderBy(...(staff ? [desc(prayerRequests.isUrgent)] : []), desc(prayerRequests.createdAt), desc(prayerRequests.id))
    .limit(PRAYER_WALL_SIZE);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    category: r.category,
    isAnonymous: r.isAnonymous,
    isUrgent: r.isUrgent,
    isAnswered: r.isAnswered,
    authorName: r.isAnonymous ? null : `${r.firstName} ${r.lastName.slice(0, 1)}.`.trim(),
    isMine: r.userId === viewer.id,
    prayedCount: Number(r.prayedCount),
    hasPrayed: Boolean(r.hasPrayed),
    createdAt: r.createdAt.toISOString(),
  }));
}
