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
import { listOccurrencesFor } from "./list-occurrences";

type Rows<T> = { rows: T[] };

const dayNumber = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;

export async function getWeek(deps: Deps, userId: string): Promise<Week> {
  const tz = deps.church.timeZone;
  const now = deps.now();
  const { start, end } = zonedWeekBounds(tz, now);
  const [events, groups, journey] = await Promise.all([
    listOccurrencesFor(deps.db, tz, userId, start, end),
    deps.db.execute(sql`
      select g.id, g.name, g.meeting_day as "meetingDay", g.meeting_time as "meetingTime",
        coalesce(nullif(g.meeting_place, ''), g.meeting_info) as "meetingInfo"
      from group_members m join small_groups g on g.id = m.group_id
      where m.user_id = ${userId}::uuid and g.archived_at is null
      order by g.name`) as unknown as Promise<Rows<{ id: string; name: string; meetingDay: number | null; meetingTime: string | null; meetingInfo: string }>>,
    deps.db.execute(sql`
      select e.sequence_key as "sequenceKey", e.start_date::text as "startDate", u.locale,
        (select count(distinct d.day)::int from journey_days d where d.sequence_key = e.sequence_key) as "totalDays"
      from journey_enrolments e join users u on u.id = e.user_id
      where e.user_id = ${userId}::uuid and e.ended_at is null
      limit 1`) as unknown as Promise<Rows<{ sequenceKey: string; startDate: string; locale: string; totalDays: number }>>,
  ]);
  let today: Week["journey"] = null;
  const j = journey.rows[0];
  if (j) {
    const day = dayNumber(zonedDate(tz, now)) - dayNumber(j.startDate) + 1;
    if (day >= 1 && day <= Number(j.totalDays)) {
      const titles = (await deps.db.execute(sql`
        select title, locale from journey_days
        where sequence_key = ${j.sequenceKey} and day = ${day} and locale in (${j.locale}, 'en')`)) as unknown as Rows<{ title: string; locale: string }>;
      const title = titles.rows.find((t) => t.locale === j.locale)?.title ?? titles.rows[0]?.title ?? "";
      today = { sequenceKey: j.sequenceKey, day, totalDays: Number(j.totalDays), title };
    }
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
