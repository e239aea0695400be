import { asc, eq, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { prepared } from "../../db/prepared";
import { journeys } from "../../db/schema/connect";
import { notFound } from "../../http/app-error";
import { JOURNEY_ADMIN_TEXT, type AdminJourney, type AdminJourneyDetail, type JourneyDayText } from "../../../contract/connect";
import { churchToday } from "./journey-clock";
import { adminJourney, reachOf } from "./journey-catalog";

/**
 * Every journey with its reach, in one statement built once (db/prepared.ts): each journey's
 * members on it now come from a lateral index range (reachOf). Before, one statement per journey
 * after the list (issue 23).
 */
const adminJourneys = prepared("connect.admin-journeys", (db) => {
  const reach = reachOf(db, journeys.key, journeys.dayCount, sql`${sql.placeholder("today")}`);
  return db
    .select({ j: journeys, enrolled: reach.enrolled, earliest: reach.earliest })
    .from(journeys)
    .leftJoinLateral(reach, sql`true`)
    .orderBy(asc(journeys.createdAt), asc(journeys.key));
});

/** A day's row as the detail's statement aggregates it (json_agg keeps the column names given here). */
interface DayJson {
  day: number;
  locale: string;
  title: string;
  verseRef: string | null;
  verseText: string | null;
  content: string;
}

/** One journey, its reach and its days (every language), in one statement built once. */
const adminJourneyDetail = prepared("connect.admin-journey", (db) => {
  const reach = reachOf(db, journeys.key, journeys.dayCount, sql`${sql.placeholder("today")}`);
  return db
    .select({
      j: journeys,
      enrolled: reach.enrolled,
      earliest: reach.earliest,
      days: sql<DayJson[]>`(select coalesce(json_agg(json_build_object('day', d.day, 'locale', d.locale, 'title', d.title, 'verseRef', d.verse_ref, 'verseText', d.verse_text, 'content', d.content)), '[]'::json)
        from journey_days d where d.sequence_key = ${journeys.key})`,
    })
    .from(journeys)
    .leftJoinLateral(reach, sql`true`)
    .where(eq(journeys.id, sql.placeholder("id")));
});

/** Admin → Journeys: every journey, drafts and archived ones too, with how many members are on each now. */
export async function listAdminJourneys(deps: Deps): Promise<AdminJourney[]> {
  const today = churchToday(deps);
  const rows = await adminJourneys(deps.db, { today });
  return rows.map((r) => adminJourney({ ...r.j, enrolled: r.enrolled ?? 0, earliest: r.earliest ?? null }, today));
}

const text = (r: DayJson | undefined): JourneyDayText => ({
  title: r?.title ?? "",
  verseRef: r?.verseRef ?? "",
  verseText: r?.verseText ?? "",
  content: r?.content ?? "",
});

/** One journey with its days in both languages (a day without its Spanish row shows empty Spanish fields). */
export async function getAdminJourney(deps: Deps, id: string): Promise<AdminJourneyDetail> {
  const today = churchToday(deps);
  const [found] = await adminJourneyDetail(deps.db, { id, today });
  if (!found) throw notFound(JOURNEY_ADMIN_TEXT.notFound);
  const j = found.j;
  const byDay = new Map<string, DayJson>();
  for (const d of found.days) byDay.set(`${d.day}|${d.locale}`, d);
  const days = [];
  for (let day = 1; day <= j.dayCount; day++) days.push({ day, en: text(byDay.get(`${day}|en`)), es: text(byDay.get(`${day}|es`)) });
  return { ...adminJourney({ ...j, enrolled: found.enrolled ?? 0, earliest: found.earliest ?? null }, today), days };
}
