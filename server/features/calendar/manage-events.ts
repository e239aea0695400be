import { sql, type SQL } from "drizzle-orm";
import type { Deps } from "../../deps";
import { preparedSql, runtimeValue } from "../../db/prepared";
import { CALENDAR_FEED_PAST_DAYS, CALENDAR_TEXT, EVENT_MAX_DAYS, type EventRepeat } from "../../../contract/calendar";
import { ERROR_TEXT } from "../../../contract/errors-text";
import { badRequest, notFound } from "../../http/app-error";
import { exactTs, readCursor, writeCursor } from "../../http/keyset";
import { nextOccurrence } from "./occurrences";
import { isoSql } from "../../db/iso-time";
import { jsonText } from "../../db/json-sql";

/** A row of the Admin page's statement: an event as the answer's JSON, its sort key, and for a repeating event what its next occurrence needs. */
interface ManagedRow {
  /** 0: a one-off event still to start; 1: a one-off event that has started; 2: a repeating event. */
  part: 0 | 1 | 2;
  id: string;
  /** starts_at with microseconds (the one-off parts' sort key). */
  at: string;
  /** The answer's event (ZManagedEvent) as JSON text, written by PostgreSQL; a repeating one without its last three fields. */
  event: string;
  starts_at: string | null;
  ends_at: string | null;
  repeat: EventRepeat | null;
  repeat_until: string | null;
  /** The occurrence the counts are of (a repeating event's first one from now with registrations). */
  counted_at: string | null;
  going: number | null;
  waiting: number | null;
}

/**
 * An event's id, sort key and answer: its kept head (calendar_events.json_head, decision 0149:
 * ZCalendarEvent's fields, the object left open) followed by `tail`, the fields a page adds and
 * the closing brace.
 */
const keyed = (tail: SQL) => sql`e.id, ${exactTs("e.starts_at")} as at, (e.json_head || ${tail}) as event`;
const p = (name: string) => sql.placeholder(name);

/**
 * One statement for a page of Admin → Events (issue 23): the next `limit` one-off events still to
 * start after the cursor, then as many of those that have started (ended less than the feed's
 * past days ago) as the page may still need, each by (starts_at, id) on
 * `calendar_events_one_off_start_idx`, and every repeating event still repeating in that window
 * (a handful: content staff write), whose next occurrence only the time-zone rules in
 * occurrences.ts can tell. Each event's counts come with it, read from calendar_occurrence_counts
 * (kept by triggers, decision 0139) by its primary key: a one-off's from its occurrence, a
 * repeating one's from its first occurrence from now that has registrations (the next one's when
 * they are the same; the caller checks). Before, every future registration of every event was
 * counted and grouped on each read (decisions 0138, 0139), and every event in the window was sent. `limit` is the
 * page's size plus one (is there a next page?).
 */
const managedPage = preparedSql<ManagedRow>(
  "calendar.manage",
  () => sql`
  with upcoming as (
    select 0 as part, ${keyed(sql`',"nextOccurrence":"' || ${isoSql("e.starts_at")} || '","goingCount":' || coalesce(c.going, 0) || ',"waitlistCount":' || coalesce(c.waiting, 0) || '}'`)}, null::text as starts_at, null::text as ends_at, null::text as repeat, null::text as repeat_until, null::text as counted_at, null::int as going, null::int as waiting
    from calendar_events e
    left join calendar_occurrence_counts c on c.event_id = e.id and c.occurrence_start = e.starts_at
    where e.repeat = 'none' and e.starts_at >= ${p("now")}::timestamptz and (e.starts_at, e.id) > (${p("upcomingAt")}::timestamptz, ${p("upcomingId")}::uuid)
    order by e.starts_at, e.id
    limit ${p("limit")}::int)
  select * from upcoming
  union all
  (select 1, ${keyed(sql`',"nextOccurrence":null,"goingCount":0,"waitlistCount":0}'`)}, null, null, null, null, null, null, null
   from calendar_events e
   where e.repeat = 'none' and e.starts_at < ${p("now")}::timestamptz and e.ends_at > ${p("since")}::timestamptz
     and e.starts_at > ${p("since")}::timestamptz - make_interval(days => ${sql.raw(String(EVENT_MAX_DAYS))})
     and (e.starts_at, e.id) > (${p("startedAt")}::timestamptz, ${p("startedId")}::uuid)
   order by e.starts_at, e.id
   -- Needed only where the events still to start do not fill the page.
   limit greatest(0, ${p("limit")}::int - (select count(*) from upcoming)))
  union all
  (select 2, ${keyed(sql`'}'`)}, ${isoSql("e.starts_at")}, ${isoSql("e.ends_at")}, e.repeat, e.repeat_until::text, ${exactTs("c.occurrence_start")}, c.going, c.waiting
   from calendar_events e
   left join lateral (
     select c.occurrence_start, c.going, c.waiting from calendar_occurrence_counts c
     where c.event_id = e.id and c.occurrence_start >= ${p("now")}::timestamptz
     order by c.occurrence_start limit 1) c on true
   where e.repeat <> 'none'
     and (e.ends_at > ${p("since")}::timestamptz or e.repeat_until is null or e.repeat_until >= (${p("since")}::timestamptz at time zone ${p("timeZone")}::text)::date))`,
);

/** An instant as fixed-width text with microseconds, so two compare as strings as they do as times. */
function fixedTs(ts: string) {
  const [whole, fraction = ""] = ts.slice(0, -1).split(".");
  return `${whole}.${fraction.padEnd(6, "0")}Z`;
}
const microsOf = (at: Date) => fixedTs(at.toISOString());

type Key = [section: "0" | "1", at: string, id: string];
const after = (a: Key, b: Key) => a[0] !== b[0] ? a[0] > b[0] : a[1] !== b[1] ? a[1] > b[1] : a[2] > b[2];

const FIRST = "-infinity";
const NIL = "00000000-0000-0000-0000-000000000000";

/**
 * Staff (Admin, Events), a keyset page at a time (decision 0126): every event that has not ended
 * more than CALENDAR_FEED_PAST_DAYS ago, with its next occurrence and that occurrence's counts.
 * Those with a next occurrence come first, soonest first; then the rest (started, or done
 * repeating) by their first start; the event id breaks ties. The key is (section, instant, id);
 * `cursor` is the previous page's `nextCursor`. Answers the JSON text (ZManagedEvents): each
 * event's JSON from PostgreSQL, with its next occurrence and counts added here.
 */
export async function listManagedEvents(deps: Deps, q: { cursor?: string; limit: number }): Promise<string> {
  const tz = deps.church.timeZone;
  const now = deps.now();
  const since = new Date(now.getTime() - CALENDAR_FEED_PAST_DAYS * 86_400_000);
  const cursor = q.cursor ? readCursor(q.cursor, ["text", "ts", "uuid"]) : null;
  if (cursor && cursor[0] !== "0" && cursor[0] !== "1") throw badRequest("query.cursor", ERROR_TEXT.invalidCursor);
  const from = cursor ? ([cursor[0], fixedTs(cursor[1]), cursor[2].toLowerCase()] as Key) : null;
  const rows = await managedPage(deps.db, {
    now: now.toISOString(),
    since: since.toISOString(),
    timeZone: tz,
    // Section 1's cursor is past every event still to start.
    upcomingAt: !from ? FIRST : from[0] === "0" ? from[1] : "infinity",
    upcomingId: from?.[0] === "0" ? from[2] : NIL,
    startedAt: from?.[0] === "1" ? from[1] : FIRST,
    startedId: from?.[0] === "1" ? from[2] : NIL,
    limit: q.limit + 1,
  });

  const found: { key: Key; json: string }[] = [];
  for (const r of rows) {
    const part = Number(r.part);
    if (part !== 2) {
      found.push({ key: [part === 0 ? "0" : "1", r.at, r.id], json: r.event });
      continue;
    }
    // A repeating event: its next occurrence, and the counts when they are that occurrence's.
    const startsAt = new Date(r.starts_at!);
    const next = startsAt >= now ? startsAt : nextOccurrence(tz, { startsAt, endsAt: new Date(r.ends_at!), repeat: r.repeat!, repeatUntil: r.repeat_until }, now)?.start;
    const key: Key = next ? ["0", microsOf(next), r.id] : ["1", r.at, r.id];
    if (from && !after(key, from)) continue;
    const counted = next && r.counted_at !== null && fixedTs(r.counted_at) === key[1];
    const counts = `"goingCount":${counted ? Number(r.going) : 0},"waitlistCount":${counted ? Number(r.waiting) : 0}`;
    found.push({ key, json: `${r.event.slice(0, -1)},"nextOccurrence":${next ? `"${next.toISOString()}"` : "null"},${counts}}` });
  }
  found.sort((a, b) => (after(a.key, b.key) ? 1 : after(b.key, a.key) ? -1 : 0));
  const page = found.slice(0, q.limit);
  const last = page[page.length - 1];
  const nextCursor = found.length > q.limit && last ? writeCursor(...last.key) : null;
  return `{"timeZone":${JSON.stringify(tz)},"events":[${page.map((f) => f.json).join(",")}],"nextCursor":${JSON.stringify(nextCursor)}}`;
}

/**
 * A page of one event's registrations from now on (ZEventRsvps), by (occurrence, status, seq) on
 * `calendar_rsvps_occurrence_idx`: soonest occurrence first, its going names before its waitlist
 * ('going' < 'waitlisted' as text), each in registration order. An event without a capacity can
 * gather registrations as the church grows, so the answer is a page, never the whole list (issue
 * 23). One statement, no CTE (materialized, they cost a fifth more than the whole list of a
 * hundred names): the event's `limit + 1` next registrations in the index's order, numbered, each
 * with its member's name by primary key (as a join, the planner hashed every member of the church
 * for a page of names); grouped per occurrence, the first `limit` of them shown, the one after
 * telling that a page follows (`more`), the `limit`-th's key the cursor; each occurrence on the
 * page with its kept counts (decision 0139). PostgreSQL writes the JSON. No row: an unknown event.
 */
function rsvpPage(after: SQL | null) {
  const limit = runtimeValue("limit", "int");
  const shown = sql`x.n <= ${limit}`;
  return sql`
  select m.more, m.last_key, ${jsonText(sql`m.occurrences`)} as occurrences
  from calendar_events e
  cross join lateral (
    select coalesce(bool_or(g.more), false) as more, max(g.last_key) as last_key,
      coalesce(json_agg(item order by g.at) filter (where g.shown > 0), '[]') as occurrences
    from (
      select x.occurrence_start as at,
        bool_or(not ${shown}) as more,
        max(case when x.n = ${limit} then json_build_array(${exactTs("x.occurrence_start")}, x.status, x.seq::text)::text end) as last_key,
        count(*) filter (where ${shown}) as shown,
        coalesce(json_agg(x.name order by x.n) filter (where x.status = 'going' and ${shown}), '[]') as going,
        coalesce(json_agg(x.name order by x.n) filter (where x.status = 'waitlisted' and ${shown}), '[]') as waitlisted
      from (
        select r.occurrence_start, r.status, r.seq, row_number() over (order by r.occurrence_start, r.status, r.seq) as n,
          (select btrim(u.first_name || ' ' || u.last_name) from users u where u.id = r.user_id) as name
        from (
          select r.occurrence_start, r.status, r.seq, r.user_id
          from calendar_rsvps r
          where r.event_id = e.id and r.occurrence_start >= ${p("now")}::timestamptz ${after ? sql`and (r.occurrence_start, r.status, r.seq) > (${after})` : sql``}
          order by r.occurrence_start, r.status, r.seq
          limit ${limit} + 1) r) x
      group by x.occurrence_start) g
    left join calendar_occurrence_counts c on c.event_id = e.id and c.occurrence_start = g.at
    cross join lateral (select ${isoSql("g.at")} as occurrence, coalesce(c.going, 0) as "goingCount",
      coalesce(c.waiting, 0) as "waitlistCount", g.going, g.waitlisted) item) m
  where e.id = ${p("id")}::uuid`;
}
const firstRsvps = preparedSql<RsvpPageRow>("calendar.rsvps.first", () => rsvpPage(null));
const nextRsvps = preparedSql<RsvpPageRow>("calendar.rsvps.next", () =>
  rsvpPage(sql`${runtimeValue("afterAt", "timestamptz")}, ${runtimeValue("afterStatus", "text")}, ${runtimeValue("afterSeq", "bigint")}`),
);
interface RsvpPageRow {
  more: boolean;
  last_key: string | null;
  occurrences: string;
}

/** Staff: a page of who is going and who waits for an event's upcoming occurrences (ZEventRsvps as JSON text). */
export async function listEventRsvps(deps: Deps, eventId: string, q: { cursor?: string; limit: number }): Promise<string> {
  const now = deps.now().toISOString();
  let rows: RsvpPageRow[];
  if (q.cursor) {
    const [afterAt, afterStatus, afterSeq] = readCursor(q.cursor, ["ts", "text", "int"]);
    rows = await nextRsvps(deps.db, { id: eventId, now, limit: q.limit, afterAt, afterStatus, afterSeq });
  } else {
    rows = await firstRsvps(deps.db, { id: eventId, now, limit: q.limit });
  }
  const [row] = rows;
  if (!row) throw notFound(CALENDAR_TEXT.notFound);
  const nextCursor = row.more && row.last_key ? writeCursor(...(JSON.parse(row.last_key) as string[])) : null;
  return `{"occurrences":${row.occurrences},"nextCursor":${JSON.stringify(nextCursor)}}`;
}
