import { and, asc, eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { journeyDays, journeys } from "../../db/schema/connect";
import { notFound } from "../../http/app-error";
import { JOURNEY_ADMIN_TEXT, type AdminJourneyDetail, type JourneyDayText } from "../../../contract/connect";
import { churchToday } from "./journey-clock";
import { toAdminJourney } from "./journey-catalog";

/** Admin → Journeys: every journey, drafts and archived ones too, with how many members are on each now. */
export async function listAdminJourneys(deps: Deps) {
  const rows = await deps.db.select().from(journeys).orderBy(asc(journeys.createdAt), asc(journeys.key));
  const today = churchToday(deps);
  return Promise.all(rows.map((j) => toAdminJourney(deps.db, j, today)));
}

const text = (r: typeof journeyDays.$inferSelect | undefined): JourneyDayText => ({
  title: r?.title ?? "",
  verseRef: r?.verseRef ?? "",
  verseText: r?.verseText ?? "",
  content: r?.content ?? "",
});

/** One journey with its days in both languages (a day without its Spanish row shows empty Spanish fields). */
export async function getAdminJourney(deps: Deps, id: string): Promise<AdminJourneyDetail> {
  const [j] = await deps.db.select().from(journeys).where(eq(journeys.id, id));
  if (!j) throw notFound(JOURNEY_ADMIN_TEXT.notFound);
  const rows = await deps.db.select().from(journeyDays).where(and(eq(journeyDays.sequenceKey, j.key))).orderBy(asc(journeyDays.day));
  const days = [];
  for (let day = 1; day <= j.dayCount; day++) {
    days.push({ day, en: text(rows.find((r) => r.day === day && r.locale === "en")), es: text(rows.find((r) => r.day === day && r.locale === "es")) });
  }
  return { ...(await toAdminJourney(deps.db, j, churchToday(deps))), days };
}
