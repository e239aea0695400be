/**
 * The church's week on one screen (/week, spec route table): this week's event occurrences (Sunday
 * to Saturday in the church's time zone), the service times, the groups the member is in and
 * today's day of their daily journey. Groups and journeys belong to the Connect feature; this
 * reads their tables with its own queries (features never import each other).
 */
import { sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Week } from "../../../contract/calendar";
import { serviceTimesByDay } from "../../../contract/church-calendar";
import { zonedDate, zonedWeekBounds } from "../../../contract/zoned-time";
import type { CalendarRanges } from "./range-cache";

type Rows<T> = { rows: T[] };

/**
 * Three queries at once, one round trip each (issue 23): the week's occurrences come from the
 * calendar's shared range read (`ranges`, with the member's own registrations read per request),
 * the member's groups, and their journey with today's day and its title in one statement (before:
 * the events, then their counts, then the journey's title, one after another).
 */
export async function getWeek(deps: Deps, ranges: CalendarRanges, userId: string): Promise<Week> {
  const tz = deps.church.timeZone;
  const now = deps.now();
  const { start, end } = zonedWeekBounds(tz, now);
  const [events, groups, journey] = await Promise.all([
    ranges.occurrencesFor(userId, start, end),
    deps.db.execute(sql`
      select g.id, g.name, g.meeting_day as "meetingDay", g.meeting_time as "meetingTime",
        coalesce(nullif(g.meeting_place, ''), g.meeting_info) as "meetingInfo"
      from group_members m join small_groups g on g.id = m.group_id
      where m.user_id = ${userId}::uuid and g.archived_at is null
      order by g.name`) as unknown as Promise<Rows<{ id: string; name: string; meetingDay: number | null; meetingTime: string | null; meetingInfo: string }>>,
    // The day is the church's today since enrolment (the calendar day, 1 on the first); its
    // title in the member's language, else English.
    deps.db.execute(sql`
      select e.sequence_key as "sequenceKey", e.day, d."totalDays", t.title
      from (select sequence_key, user_id, (${zonedDate(tz, now)}::date - start_date + 1) as day
            from journey_enrolments where user_id = ${userId}::uuid and ended_at is null limit 1) e
      join users u on u.id = e.user_id
      cross join lateral (select count(distinct jd.day)::int as "totalDays" from journey_days jd where jd.sequence_key = e.sequence_key) d
      left join lateral (
        select jd.title from journey_days jd
        where jd.sequence_key = e.sequence_key and jd.day = e.day and jd.locale in (u.locale, 'en')
        order by (jd.locale = u.locale) desc limit 1) t on true`) as unknown as Promise<
      Rows<{ sequenceKey: string; day: number; totalDays: number; title: string | null }>
    >,
  ]);
  let today: Week["journey"] = null;
  const j = journey.rows[0];
  if (j && Number(j.day) >= 1 && Number(j.day) <= Number(j.totalDays)) {
    today = { sequenceKey: j.sequenceKey, day: Number(j.day), totalDays: Number(j.totalDays), title: j.title ?? "" };
  }
  return {
    timeZone: tz,
    start: start.toISOString(),
    end: end.toISOString(),
    events,
    services: serviceTimesByDay(deps.church),
    groups: groups.rows.map((g) => ({ id: g.id, name: g.name, meetingDay: g.meetingDay ?? null, meetingTime: g.meetingTime ?? null, meetingInfo: g.meetingInfo ?? "" })),
    journey: today,
  };
}
