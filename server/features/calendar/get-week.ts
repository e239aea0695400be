/**
 * The church's week on one screen (/week, spec route table): this week's event occurrences (Sunday
 * to Saturday in the church's time zone), the service times, the groups the member is in and
 * today's day of their daily journey. Groups and journeys belong to the Connect feature; this
 * reads their tables with its own queries (features never import each other).
 */
import { eq, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { prepared } from "../../db/prepared";
import { users } from "../../db/schema/users";
import { JsonTemplate, jsonOf } from "../../http/json-text";
import { ZWeek, withMyStatus, type ListedOccurrence, type Week } from "../../../contract/calendar";
import { EVENT_MAX_DAYS, type RsvpStatus } from "../../../contract/calendar-text";
import { serviceTimesByDay } from "../../../contract/church-calendar";
import { churchDay } from "../../shared/church-day";
import type { CalendarRanges } from "./range-cache";

/** An occurrence may start this long before the week and still overlap it (as list-occurrences.ts reads registrations). */
const MAX_SPAN_MS = (EVENT_MAX_DAYS + 1) * 86_400_000;

type Groups = Week["groups"];
type MemberWeek = {
  registrations: { eventId: string; occurrence: string; status: RsvpStatus }[];
  groups: Groups;
  journey: { sequenceKey: string; day: number; totalDays: number; title: string | null } | null;
};

/**
 * Everything of the member's own in one statement, built and planned once (issue 23: before,
 * three queries, each built per request): their registrations for occurrences overlapping the
 * week (`calendar_rsvps_user_idx`), their groups, and their open journey with today's day (the
 * church's today since enrolment, 1 on the first), its length (`journeys.day_count`, kept with
 * the days, as Connect's daily card reads it: not the days counted on each request) and the day's
 * title in their language, else English.
 * `users.id` and `users.locale` are written out: drizzle leaves a one-table select's columns
 * unqualified, which inside these subqueries would name the subquery's own `id`.
 */
const memberWeek = prepared("calendar.week-member", (db) =>
  db
    .select({
      registrations: sql<MemberWeek["registrations"]>`coalesce((
        select json_agg(json_build_object('eventId', r.event_id, 'occurrence', r.occurrence_start, 'status', r.status))
        from calendar_rsvps r
        where r.user_id = users.id and r.occurrence_start >= ${sql.placeholder("from")}::timestamptz and r.occurrence_start < ${sql.placeholder("to")}::timestamptz), '[]'::json)`,
      groups: sql<Groups>`coalesce((
        select json_agg(json_build_object('id', g.id, 'name', g.name, 'meetingDay', g.meeting_day, 'meetingTime', g.meeting_time,
          'meetingInfo', coalesce(nullif(g.meeting_place, ''), g.meeting_info, '')) order by g.name)
        from group_members m join small_groups g on g.id = m.group_id
        where m.user_id = users.id and g.archived_at is null), '[]'::json)`,
      journey: sql<MemberWeek["journey"]>`(
        select json_build_object('sequenceKey', e.sequence_key, 'day', e.day, 'totalDays', d.day_count, 'title', t.title)
        from (select sequence_key, (${sql.placeholder("today")}::date - start_date + 1) as day
              from journey_enrolments where user_id = users.id and ended_at is null limit 1) e
        join journeys d on d.key = e.sequence_key
        left join lateral (
          select jd.title from journey_days jd
          where jd.sequence_key = e.sequence_key and jd.day = e.day and jd.locale in (users.locale, 'en')
          order by (jd.locale = users.locale) desc limit 1) t on true)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId"))),
);

interface WeekJson {
  template: JsonTemplate;
  /** Each occurrence's slot (its `myStatus`), by "event id, start". */
  slotOf: Map<string, number>;
}

const key = (eventId: string, start: string) => `${eventId} ${new Date(start).toISOString()}`;

/**
 * The week's answer with the part every member sees alike written once per loaded week (the
 * calendar's shared range read, decision 0109) and slots for the member's own: each occurrence's
 * `myStatus`, then `groups`, then `journey`. One per app (the calendar routes plugin).
 */
export class WeekAnswers {
  /** Keyed by the shared range read's occurrences (a new array per load), so it goes with them. */
  private readonly written = new WeakMap<readonly ListedOccurrence[], WeekJson>();

  constructor(
    private readonly deps: Deps,
    private readonly ranges: CalendarRanges,
  ) {}

  /** GET /api/week for `userId`, as the bytes to send. */
  async json(userId: string): Promise<Buffer> {
    const day = churchDay(this.deps.church.timeZone, this.deps.now());
    const { start, end } = day.week;
    const [events, [mine]] = await Promise.all([
      this.ranges.listed(start, end),
      memberWeek(this.deps.db, { userId, from: new Date(start.getTime() - MAX_SPAN_MS).toISOString(), to: end.toISOString(), today: day.date }),
    ]);
    let week = this.written.get(events);
    if (!week) this.written.set(events, (week = this.write(events, start, end)));
    const values: (string | undefined)[] = [];
    for (const r of mine?.registrations ?? []) {
      const slot = week.slotOf.get(key(r.eventId, r.occurrence));
      if (slot !== undefined) values[slot] = JSON.stringify(r.status);
    }
    const groups = mine?.groups ?? [];
    if (groups.length) values[events.length] = jsonOf(ZWeek.shape.groups, groups);
    const j = mine?.journey;
    if (j && Number(j.day) >= 1 && Number(j.day) <= Number(j.totalDays)) {
      values[events.length + 1] = jsonOf(ZWeek.shape.journey, { sequenceKey: j.sequenceKey, day: Number(j.day), totalDays: Number(j.totalDays), title: j.title ?? "" });
    }
    return week.template.fill(values);
  }

  private write(events: readonly ListedOccurrence[], start: Date, end: Date): WeekJson {
    const shared: Week = {
      timeZone: this.deps.church.timeZone,
      start: start.toISOString(),
      end: end.toISOString(),
      events: withMyStatus(events, []),
      services: serviceTimesByDay(this.deps.church),
      groups: [],
      journey: null,
    };
    const template = JsonTemplate.write(ZWeek, shared, (out, slot) => {
      for (const o of out.events) o.myStatus = slot("null");
      out.groups = slot("[]");
      out.journey = slot("null");
    });
    return { template, slotOf: new Map(events.map((o, i) => [key(o.id, o.startsAt), i])) };
  }
}
