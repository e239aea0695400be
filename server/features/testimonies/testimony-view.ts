import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { testimonies, testimonyAmens } from "../../db/schema/testimonies";
import { users } from "../../db/schema/users";
import type { Testimony } from "../../../contract/testimonies";

/**
 * Testimonies as the API shows them: amen count, the author's display name, and whether
 * `viewerId` said amen (false for every row when null: the shared list fills it in per member).
 */
export async function selectTestimonies(db: Db, viewerId: string | null, where?: SQL, limit = 100): Promise<Testimony[]> {
  const rows = await db
    .select({
      id: testimonies.id,
      text: testimonies.text,
      isApproved: testimonies.isApproved,
      createdAt: testimonies.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      amenCount: sql<number>`(select count(*)::int from ${testimonyAmens} where ${testimonyAmens.testimonyId} = ${testimonies.id})`,
      hasAmened: viewerId
        ? sql<boolean>`exists (select 1 from ${testimonyAmens} where ${testimonyAmens.testimonyId} = ${testimonies.id} and ${testimonyAmens.userId} = ${viewerId})`
        : sql<boolean>`false`,
    })
    .from(testimonies)
    .leftJoin(users, eq(users.id, testimonies.userId))
    .where(where)
    .orderBy(desc(testimonies.createdAt), desc(testimonies.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    text: r.text,
    isApproved: r.isApproved,
    amenCount: Number(r.amenCount),
    createdAt: r.createdAt.toISOString(),
    authorName: r.firstName ? `${r.firstName} ${(r.lastName ?? "").slice(0, 1)}.`.trim() : null,
    hasAmened: Boolean(r.hasAmened),
  }));
}

export async function selectTestimony(db: Db, viewerId: string, id: string, approvedOnly = false) {
  const [row] = await selectTestimonies(db, viewerId, and(eq(testimonies.id, id), approvedOnly ? eq(testimonies.isApproved, true) : undefined), 1);
  return row ?? null;
}
