import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { journeyDays } from "../../db/schema/connect";
import { DEFAULT_LOCALE } from "../../../contract/i18n/locales";

/** A day of a journey in `locale`, or in English when that language has no row for it (content added in English only). */
export async function findJourneyDay(db: Db, sequenceKey: string, day: number, locale: string) {
  const [row] = await db
    .select()
    .from(journeyDays)
    .where(and(eq(journeyDays.sequenceKey, sequenceKey), eq(journeyDays.day, day), inArray(journeyDays.locale, [locale, DEFAULT_LOCALE])))
    .orderBy(desc(sql`${journeyDays.locale} = ${locale}`))
    .limit(1);
  return row ?? null;
}
