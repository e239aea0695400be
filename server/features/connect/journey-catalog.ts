/**
 * Journeys staff author (decision 0108): what the member's reads, the daily email and Admin →
 * Journeys share. A journey's length is its `day_count` (the days in English); a member's day is
 * the calendar day since they enrolled (church time zone), so "day 5" always means the content
 * now at position 5. Days a member on the journey has reached keep their position: staff may
 * correct their text, and reorder, add or remove only the days after them.
 */
import { and, eq, gt, isNull, min, count } from "drizzle-orm";
import type { Db } from "../../db/client";
import { journeyEnrolments, journeys } from "../../db/schema/connect";
import { daysBetween, type AdminJourney } from "../../../contract/connect";
import type { Locale } from "../../../contract/i18n/locales";

export type JourneyRow = typeof journeys.$inferSelect;

export const journeyTitle = (j: Pick<JourneyRow, "titleEn" | "titleEs">, locale: Locale) => (locale === "es" && j.titleEs ? j.titleEs : j.titleEn);
export const journeyDescription = (j: Pick<JourneyRow, "descriptionEn" | "descriptionEs">, locale: Locale) =>
  locale === "es" && j.descriptionEs ? j.descriptionEs : j.descriptionEn;

export async function findJourneyByKey(db: Db, key: string) {
  const [row] = await db.select().from(journeys).where(eq(journeys.key, key));
  return row ?? null;
}

/** The date `days` calendar days before `date` ("YYYY-MM-DD"). */
export function minusDays(date: string, days: number) {
  const t = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) - days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/**
 * Members on the journey today (enrolled, not unsubscribed, not past its last day) and the
 * furthest day any of them has reached: days 1..lockedDays keep their place.
 */
export async function journeyReach(db: Db, key: string, dayCount: number, today: string) {
  const [row] = await db
    .select({ n: count(), earliest: min(journeyEnrolments.startDate) })
    .from(journeyEnrolments)
    .where(and(eq(journeyEnrolments.sequenceKey, key), isNull(journeyEnrolments.endedAt), gt(journeyEnrolments.startDate, minusDays(today, dayCount))));
  const earliest = row?.earliest ?? null;
  const lockedDays = earliest ? Math.max(0, Math.min(dayCount, daysBetween(earliest, today) + 1)) : 0;
  return { enrolled: Number(row?.n ?? 0), lockedDays };
}

export async function toAdminJourney(db: Db, j: JourneyRow, today: string): Promise<AdminJourney> {
  const reach = await journeyReach(db, j.key, j.dayCount, today);
  return {
    id: j.id,
    key: j.key,
    title: j.titleEn,
    titleEs: j.titleEs,
    description: j.descriptionEn,
    descriptionEs: j.descriptionEs,
    dayCount: j.dayCount,
    published: j.published,
    archived: j.archivedAt !== null,
    ...reach,
  };
}
