import { like } from "drizzle-orm";
import type { Deps } from "../../deps";
import { journeyDays, journeys } from "../../db/schema/connect";
import type { JourneyDayText } from "../../../contract/connect";
import { churchToday } from "./journey-clock";
import { toAdminJourney } from "./journey-catalog";

type DayInput = { en: JourneyDayText; es: JourneyDayText };
type Tx = Parameters<Parameters<Deps["db"]["transaction"]>[0]>[0];

/** A key like the seeded ones (SCRIPTURES_14) from the English title and length: ADVENT_WEEK_7, then ADVENT_WEEK_7_2... */
export function keyFromTitle(title: string, days: number) {
  const base = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 40)
    .replace(/_+$/, "");
  return `${base || "JOURNEY"}_${days}`;
}

/** The rows of journey_days for a list of days: day i+1 in English and Spanish. */
export const dayRows = (key: string, days: DayInput[]) =>
  days.flatMap((d, i) =>
    (["en", "es"] as const).map((locale) => ({
      sequenceKey: key,
      day: i + 1,
      locale,
      title: d[locale].title,
      verseRef: d[locale].verseRef || null,
      verseText: d[locale].verseText || null,
      content: d[locale].content,
    })),
  );

async function freeKey(tx: Tx, base: string) {
  const taken = new Set((await tx.select({ key: journeys.key }).from(journeys).where(like(journeys.key, `${base}%`))).map((r) => r.key));
  for (let n = 1; ; n++) {
    const key = n === 1 ? base : `${base}_${n}`;
    if (!taken.has(key)) return key;
  }
}

/** Staff create a journey (a draft: members see it once it is published), its days in one transaction. */
export async function createJourney(
  deps: Deps,
  input: { title: string; titleEs: string; description: string; descriptionEs: string; days: DayInput[] },
) {
  const row = await deps.db.transaction(async (tx) => {
    // Two staff creating the same title at once: the unique key makes one fail (409 would be unkind; retry once).
    const key = await freeKey(tx, keyFromTitle(input.title, input.days.length));
    const [j] = await tx
      .insert(journeys)
      .values({
        key,
        titleEn: input.title,
        titleEs: input.titleEs,
        descriptionEn: input.description,
        descriptionEs: input.descriptionEs,
        dayCount: input.days.length,
        published: false,
        createdAt: deps.now(),
        updatedAt: deps.now(),
      })
      .returning();
    await tx.insert(journeyDays).values(dayRows(key, input.days));
    return j;
  });
  return toAdminJourney(deps.db, row, churchToday(deps));
}
