import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { journeyDays, journeys } from "../../db/schema/connect";
import { badRequest, conflict, notFound } from "../../http/app-error";
import { JOURNEY_ADMIN_TEXT, type AdminJourneyDetail, type JourneyDayText } from "../../../contract/connect";
import { churchToday } from "./journey-clock";
import { journeyReach } from "./journey-catalog";
import { dayRows } from "./create-journey";
import { getAdminJourney } from "./list-admin-journeys";

/**
 * Saves a journey's days as one list (edit, reorder, add, remove), in one transaction (decision
 * 0108). Each entry names the day it was (`from`, null for a new day); the list's order is the
 * new order. Days 1..lockedDays (the furthest day a member on the journey has reached) must stay
 * where they are: their text may be corrected, but a list that moves or drops one is a 409. So a
 * member's day number always means the content they were promised, and the next daily email is
 * the corrected text of the right day. The journey row is locked FOR UPDATE, and enrolment reads
 * it FOR SHARE, so a member enrolling meanwhile is counted.
 */
export async function saveJourneyDays(deps: Deps, id: string, days: { from: number | null; en: JourneyDayText; es: JourneyDayText }[]) {
  await deps.db.transaction(async (tx) => {
    const [j] = await tx.select().from(journeys).where(eq(journeys.id, id)).for("update");
    if (!j) throw notFound(JOURNEY_ADMIN_TEXT.notFound);
    const froms = days.map((d) => d.from).filter((f): f is number => f !== null);
    if (froms.some((f) => f > j.dayCount) || new Set(froms).size !== froms.length) throw badRequest("body.days", JOURNEY_ADMIN_TEXT.badDayOrder);
    const { lockedDays } = await journeyReach(tx, j.key, j.dayCount, churchToday(deps));
    for (let p = 1; p <= lockedDays; p++) {
      if (days[p - 1]?.from !== p) throw conflict(JOURNEY_ADMIN_TEXT.lockedDays(lockedDays));
    }
    await tx.delete(journeyDays).where(eq(journeyDays.sequenceKey, j.key));
    await tx.insert(journeyDays).values(dayRows(j.key, days));
    await tx.update(journeys).set({ dayCount: days.length, updatedAt: deps.now() }).where(eq(journeys.id, id));
  });
  // A write's answer goes through its response schema as an object (decision 0130).
  return JSON.parse(await getAdminJourney(deps, id)) as AdminJourneyDetail;
}
