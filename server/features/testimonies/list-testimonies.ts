import { and, eq, inArray } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { sharedRead } from "../../http/shared-read";
import { isStaff } from "../../../contract/roles";
import type { Testimony } from "../../../contract/testimonies";
import { testimonies, testimonyAmens } from "../../db/schema/testimonies";
import { selectTestimonies } from "./testimony-view";

/**
 * The approved testimonies with their amen counts are the same for every member: read once and
 * shared (server/http/shared-read.ts), refreshed by the events below on every instance and by
 * `testimoniesChanged` at once on the instance that wrote. Whether the viewer said amen is theirs:
 * one indexed lookup per request.
 */
const wallRead = (deps: Deps) => sharedRead<Testimony[]>(deps, "testimonies", ["new-testimony", "testimony-approved", "testimony-amen"]);

/** Called by every write that changes the approved testimonies or their amens. */
export const testimoniesChanged = (deps: Deps) => wallRead(deps).invalidate();

/** Members see approved testimonies only; staff also see pending ones, for moderation. Newest first. */
export async function listTestimonies(deps: Deps, user: AuthUser): Promise<Testimony[]> {
  if (isStaff(user.role)) return selectTestimonies(deps.db, user.id);
  const wall = await wallRead(deps).get(() => selectTestimonies(deps.db, null, eq(testimonies.isApproved, true)));
  if (!wall.length) return [];
  const amened = await deps.db
    .select({ id: testimonyAmens.testimonyId })
    .from(testimonyAmens)
    .where(and(eq(testimonyAmens.userId, user.id), inArray(testimonyAmens.testimonyId, wall.map((t) => t.id))));
  const mine = new Set(amened.map((r) => r.id));
  return wall.map((t) => ({ ...t, hasAmened: mine.has(t.id) }));
}
