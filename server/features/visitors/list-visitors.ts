import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { visitors } from "../../db/schema/visitors";
import { users } from "../../db/schema/users";
import type { Visitor } from "../../../contract/visitors";

/** The newest visitor cards first (staff), with who followed each up. */
export async function listVisitors(db: Db, limit = 200, id?: string): Promise<Visitor[]> {
  const rows = await db
    .select({ v: visitors, firstName: users.firstName, lastName: users.lastName })
    .from(visitors)
    .leftJoin(users, eq(users.id, visitors.followedUpBy))
    .where(id ? eq(visitors.id, id) : undefined)
    .orderBy(desc(visitors.createdAt), desc(visitors.id))
    .limit(limit);
  return rows.map(({ v, firstName, lastName }) => ({
    id: v.id,
    name: v.name,
    email: v.email,
    phone: v.phone,
    heardFrom: v.heardFrom,
    prayerRequest: v.prayerRequest,
    createdAt: v.createdAt.toISOString(),
    followedUpAt: v.followedUpAt?.toISOString() ?? null,
    followedUpBy: v.followedUpAt && firstName ? `${firstName} ${(lastName ?? "").slice(0, 1)}.` : null,
  }));
}
