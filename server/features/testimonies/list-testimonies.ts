import { eq, inArray } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { sharedRead } from "../../http/shared-read";
import { isStaff } from "../../../contract/roles";
import { ZTestimony, type Testimony } from "../../../contract/testimonies";
import { jsonOf, splitAroundBoolean } from "../../http/json-text";
import { testimonies, testimonyAmens } from "../../db/schema/testimonies";
import { selectTestimonies } from "./testimony-view";

interface Wall {
  list: Testimony[];
  /**
   * The whole answer as UTF-8, checked and written once, for a member who said amen to none of
   * these: every `hasAmened` is `false`. A member's own copy overwrites theirs with `true `
   * (JSON allows the space), the same five bytes, so no request serializes or re-encodes.
   */
  body: Buffer;
  /** Byte offset of each testimony's `false` in `body`. */
  amenSlot: Map<string, number>;
  /** Who said amen to which testimony on the wall: member id -> testimony ids. */
  amenedBy: Map<string, Set<string>>;
}

/**
 * The approved testimonies with their amen counts are the same for every member: read once and
 * shared (server/http/shared-read.ts), refreshed by the events below on every instance and by
 * `testimoniesChanged` at once on the instance that wrote. The same load reads who said amen to
 * the testimonies on the wall (a few thousand pairs on the primary key), so a member's own amens
 * are looked up in memory: after an event tells every screen to refetch, thousands of members
 * cost one load, not one query each.
 */
const wallRead = (deps: Deps) => sharedRead<Wall>(deps, "testimonies", ["new-testimony", "testimony-approved", "testimony-amen"]);

async function loadWall(deps: Deps): Promise<Wall> {
  const list = await selectTestimonies(deps.db, null, eq(testimonies.isApproved, true));
  const amenedBy = new Map<string, Set<string>>();
  if (list.length) {
    const rows = await deps.db
      .select({ testimonyId: testimonyAmens.testimonyId, userId: testimonyAmens.userId })
      .from(testimonyAmens)
      .where(inArray(testimonyAmens.testimonyId, list.map((t) => t.id)));
    for (const r of rows) {
      let mine = amenedBy.get(r.userId);
      if (!mine) amenedBy.set(r.userId, (mine = new Set()));
      mine.add(r.testimonyId);
    }
  }
  const amenSlot = new Map<string, number>();
  let text = "[";
  list.forEach((t, i) => {
    const [head, tail] = splitAroundBoolean(jsonOf(ZTestimony, { ...t, hasAmened: false }), "hasAmened");
    text += `${i ? "," : ""}${head}`;
    amenSlot.set(t.id, Buffer.byteLength(text));
    text += `false${tail}`;
  });
  return { list, body: Buffer.from(`${text}]`), amenSlot, amenedBy };
}

/** Called by every write that changes the approved testimonies or their amens. */
export const testimoniesChanged = (deps: Deps) => wallRead(deps).invalidate();

/** Members see approved testimonies only; staff also see pending ones, for moderation. Newest first. */
export async function listTestimonies(deps: Deps, user: AuthUser): Promise<Testimony[]> {
  if (isStaff(user.role)) return selectTestimonies(deps.db, user.id);
  const wall = await wallRead(deps).get(() => loadWall(deps));
  const mine = wall.amenedBy.get(user.id);
  return wall.list.map((t) => ({ ...t, hasAmened: mine?.has(t.id) ?? false }));
}

/**
 * The same list as JSON for a member: the wall's JSON written once per load, and only each
 * testimony's `hasAmened` filled in per request (a hundred testimonies through the response
 * schema on every request was most of this read's time; then building and encoding 30 KB of
 * text per request). A member who said amen to none of the wall gets the shared bytes
 * themselves (nothing writes to them); one who did gets a copy with their slots set to `true `.
 * Null for staff, whose list is their own.
 */
export async function listTestimoniesJson(deps: Deps, user: AuthUser): Promise<Buffer | null> {
  if (isStaff(user.role)) return null;
  const wall = await wallRead(deps).get(() => loadWall(deps));
  const mine = wall.amenedBy.get(user.id);
  if (!mine) return wall.body;
  const out = Buffer.from(wall.body);
  for (const id of mine) {
    const at = wall.amenSlot.get(id);
    if (at !== undefined) out.write("true ", at, "latin1");
  }
  return out;
}
