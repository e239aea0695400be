/**
 * Journeys staff author (decision 0108): what the member's reads, the daily email and Admin →
 * Journeys share. A journey's length is its `day_count` (the days in English); a member's day is
 * the calendar day since they enrolled (church time zone), so "day 5" always means the content
 * now at position 5. Days a member on the journey has reached keep their position: staff may
 * correct their text, and reorder, add or remove only the days after them.
 */
import { and, eq, gt, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { journeyStartCounts, journeys } from "../../db/schema/connect";
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

/**
 * Members on the journey today (enrolled, not unsubscribed, not past its last day) and the
 * earliest start among them, for the journey in the row `key` and `dayCount` name (a column of
 * the statement it is joined to, or a value): the journey's kept start-date rows within its
 * length (`journey_start_counts`, the open enrolments per journey and start date: a few rows,
 * where counting the enrolments themselves read thousands; decision 0143).
 */
export const reachOf = (db: Db, key: SQL | AnyColumn, dayCount: SQL | AnyColumn, today: SQL | string) =>
  db
    .select({
      enrolled: sql<number>`coalesce(sum(${journeyStartCounts.n}), 0)::int`.as("enrolled"),
      earliest: sql<string | null>`min(${journeyStartCounts.startDate})::text`.as("earliest"),
    })
    .from(journeyStartCounts)
    .where(onJourneyToday(key, dayCount, today))
    .as("reach");

/** The `journey_start_counts` rows reachOf sums: the journey's open enrolments started within its length. */
export const onJourneyToday = (key: SQL | AnyColumn, dayCount: SQL | AnyColumn, today: SQL | string) =>
  and(eq(journeyStartCounts.sequenceKey, key), gt(journeyStartCounts.startDate, sql`${today}::date - ${dayCount}`));

/** Days 1..lockedDays keep their place: the furthest day any member on the journey has reached. */
export const lockedDaysOf = (earliest: string | null, dayCount: number, today: string) =>
  earliest ? Math.max(0, Math.min(dayCount, daysBetween(earliest, today) + 1)) : 0;

async function readReach(db: Db, key: string, dayCount: number, today: string) {
  const [row] = await db.select().from(reachOf(db, sql`${key}`, sql`${dayCount}::int`, today));
  return { enrolled: Number(row?.enrolled ?? 0), earliest: row?.earliest ?? null };
}

export async function journeyReach(db: Db, key: string, dayCount: number, today: string) {
  const { enrolled, earliest } = await readReach(db, key, dayCount, today);
  return { enrolled, lockedDays: lockedDaysOf(earliest, dayCount, today) };
}

export type JourneyWithReach = JourneyRow & { enrolled: number; earliest: string | null };

/** A journey as Admin → Journeys shows it, from its row and its reach (`reachOf`). */
export function adminJourney(j: JourneyWithReach, today: string): AdminJourney {
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
    enrolled: Number(j.enrolled),
    lockedDays: lockedDaysOf(j.earliest, j.dayCount, today),
  };
}

export async function toAdminJourney(db: Db, j: JourneyRow, today: string): Promise<AdminJourney> {
  return adminJourney({ ...j, ...(await readReach(db, j.key, j.dayCount, today)) }, today);
}
