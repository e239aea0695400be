import { eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { SharedAnswer } from "../../http/shared-read";
import { isStaff } from "../../../contract/roles";
import { ZTestimony, type Testimony } from "../../../contract/testimonies";
import { JsonTemplate } from "../../http/json-text";
import { testimonies, testimonyAmens } from "../../db/schema/testimonies";
import { selectTestimonies } from "./testimony-view";

interface Wall {
  list: Testimony[];
  /** Each testimony's slot in the wall's JSON (its `hasAmened`), by id. */
  slotOf: Map<string, number>;
  /** Who said amen to which testimony on the wall: member id -> testimony ids. */
  amenedBy: Map<string, Set<string>>;
}

/**
 * The approved testimonies with their amen counts, the same for every member: read once and
 * shared (server/http/shared-read.ts), refreshed by the events below on every instance and by
 * `changed()` at once on the instance that wrote (amen-testimony.ts, moderate-testimony.ts).
 * The same load reads who said amen to the testimonies on the wall (a few thousand pairs on
 * the primary key), so a member's own amens are looked up in memory: after an event tells every
 * screen to refetch, thousands of members cost one load, not one query each. One per app, built
 * by the testimonies routes plugin.
 *
 * Its JSON is written once per load with every `hasAmened` false (a hundred testimonies through
 * the response schema on every request was most of this read's time; then building and
 * encoding 30 KB of text per request): a member who said amen to none of the wall gets those
 * bytes themselves, one who did a copy with their slots overwritten by `true `.
 */
export type TestimonyWall = SharedAnswer<Wall>;

export function testimonyWall(deps: Deps): TestimonyWall {
  return new SharedAnswer<Wall>(deps, {
    events: ["new-testimony", "testimony-approved", "testimony-amen"],
    load: () => loadWall(deps),
    write: (wall) =>
      JsonTemplate.write(
        z.array(ZTestimony),
        wall.list.map((t) => ({ ...t, hasAmened: false })),
        (out, slot) => {
          for (const t of out) t.hasAmened = slot("false");
        },
      ),
  });
}

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
  return { list, slotOf: new Map(list.map((t, i) => [t.id, i])), amenedBy };
}

/** Members see approved testimonies only; staff also see pending ones (not rejected ones), for moderation. Newest first. */
export async function listTestimonies(deps: Deps, wall: TestimonyWall, user: AuthUser): Promise<Testimony[]> {
  if (isStaff(user.role)) return selectTestimonies(deps.db, user.id, isNull(testimonies.rejectedAt));
  const { list, amenedBy } = await wall.get();
  const mine = amenedBy.get(user.id);
  return list.map((t) => ({ ...t, hasAmened: mine?.has(t.id) ?? false }));
}

/** The same list as JSON written ahead for a member, their own amens filled in. Null for staff, whose list is their own. */
export async function listTestimoniesJson(wall: TestimonyWall, user: AuthUser): Promise<Buffer | null> {
  if (isStaff(user.role)) return null;
  const loaded = await wall.get();
  const json = wall.json(loaded);
  const mine = loaded.amenedBy.get(user.id);
  if (!mine) return json.bytes;
  const values: string[] = [];
  for (const id of mine) {
    const slot = loaded.slotOf.get(id);
    if (slot !== undefined) values[slot] = "true";
  }
  return json.fill(values);
}
