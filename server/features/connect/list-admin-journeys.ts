import { sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { preparedSql } from "../../db/prepared";
import { jsonText } from "../../db/json-sql";
import { notFound } from "../../http/app-error";
import { JOURNEY_ADMIN_TEXT } from "../../../contract/connect";
import { churchToday } from "./journey-clock";
import { lockedDaysOf, onJourneyToday } from "./journey-catalog";
import { journeyStartCounts, journeys } from "../../db/schema/connect";

const p = (name: string) => sql.placeholder(name);

/**
 * A journey (`journeys`) as Admin → Journeys shows it (ZAdminJourney's fields but the last,
 * lockedDays), a lateral row `item`, with its reach `reach`: members on it today (enrolled, not
 * unsubscribed, not past its last day) and the earliest start among them, from the journey's
 * kept start-date rows (`journey_start_counts`, onJourneyToday, as reachOf sums; decision 0143). lockedDays is added to the
 * text by lockedDaysOf, the rule's one copy.
 */
const journeyItem = sql`
  left join lateral (
    select coalesce(sum(${journeyStartCounts.n}), 0)::int as enrolled, min(${journeyStartCounts.startDate})::text as earliest
    from ${journeyStartCounts}
    where ${onJourneyToday(journeys.key, journeys.dayCount, sql`${p("today")}`)}) reach on true
  cross join lateral (select journeys.id, journeys.key, journeys.title_en as title, journeys.title_es as "titleEs", journeys.description_en as description,
    journeys.description_es as "descriptionEs", journeys.day_count as "dayCount", journeys.published, journeys.archived_at is not null as archived, reach.enrolled) item`;

interface JourneyRow {
  /** The item's JSON text (without lockedDays). */
  item: string;
  day_count: number;
  earliest: string | null;
}

/**
 * Every journey as the answer's JSON objects, written by PostgreSQL (decision 0130), oldest first,
 * in one statement built once: no row parsed into objects and checked against the response schema
 * again on the server's thread (issue 23, decision 0138).
 */
const adminJourneys = preparedSql<JourneyRow>(
  "connect.admin-journeys",
  () => sql`
  select ${jsonText(sql`row_to_json(item)`)} as item, journeys.day_count, reach.earliest
  from journeys ${journeyItem}
  order by journeys.created_at, journeys.key`,
);

/**
 * One language's row of a day as ZJourneyDayText (empty strings where there is no row or no
 * verse), a lateral row for row_to_json (compact: json_build_object writes " : " between key and value).
 */
function dayText(alias: "en" | "es") {
  const f = (column: string) => sql.raw(`coalesce(${alias}.${column}, '')`);
  return sql`(select ${f("title")} as title, ${f("verse_ref")} as "verseRef", ${f("verse_text")} as "verseText", ${f("content")} as content)`;
}

/**
 * One journey, its reach and its days 1..day_count, each in English and Spanish (a day without a
 * language's row shows that language's fields empty; a missing verse is empty too), as JSON
 * written by PostgreSQL: a day's texts are up to thousands of characters in two languages, which
 * the response schema walked, trimmed and wrote again on every request.
 */
const adminJourneyDetail = preparedSql<JourneyRow & { days: string }>(
  "connect.admin-journey",
  () => sql`
  select ${jsonText(sql`row_to_json(item)`)} as item, journeys.day_count, reach.earliest,
    ${jsonText(sql`(
      select coalesce(json_agg(d order by d.day), '[]')
      from (
        select n.day, en_text as en, es_text as es
        from generate_series(1, journeys.day_count) as n(day)
        left join journey_days en on en.sequence_key = journeys.key and en.day = n.day and en.locale = 'en'
        left join journey_days es on es.sequence_key = journeys.key and es.day = n.day and es.locale = 'es'
        cross join lateral ${dayText("en")} en_text
        cross join lateral ${dayText("es")} es_text) d)`)} as days
  from journeys ${journeyItem}
  where journeys.id = ${p("id")}::uuid`,
);

/** The item's JSON with lockedDays (and `more`, JSON text of further fields) appended. */
const complete = (r: JourneyRow, today: string, more = "") =>
  `${r.item.slice(0, -1)},"lockedDays":${lockedDaysOf(r.earliest, Number(r.day_count), today)}${more}}`;

/** Admin → Journeys: every journey, drafts and archived ones too, with how many members are on each now (JSON text, ZAdminJourney[]). */
export async function listAdminJourneys(deps: Deps): Promise<string> {
  const today = churchToday(deps);
  const rows = await adminJourneys(deps.db, { today });
  return `[${rows.map((r) => complete(r, today)).join(",")}]`;
}

/** One journey with its days in both languages (JSON text, ZAdminJourneyDetail). */
export async function getAdminJourney(deps: Deps, id: string): Promise<string> {
  const today = churchToday(deps);
  const [found] = await adminJourneyDetail(deps.db, { id, today });
  if (!found) throw notFound(JOURNEY_ADMIN_TEXT.notFound);
  return complete(found, today, `,"days":${found.days}`);
}
