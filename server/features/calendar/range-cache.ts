/**
 * The calendar's range reads, shared (docs/architecture.md, Shared reads): every member asking
 * for the same range (the calendar screen asks for whole church days) gets the same occurrences
 * and counts, computed and written as JSON once per SHARED_READ_MS per instance (single flight,
 * decision 0073: a month of 200 events is about 100 KB, which the response schema took most of
 * a request to check and serialize); the member's own status is added per request with one
 * indexed query, by rewriting only the occurrences they registered for. Staff changes publish `calendar-changed`,
 * which empties it on every instance; a registration empties it on its own instance, and other
 * instances show the new counts within SHARED_READ_MS.
 */
import { sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { SharedRead } from "../../http/shared-read";
import { EVENT_MAX_DAYS, ZCalendarPage, ZOccurrence, type Occurrence, type RsvpStatus } from "../../../contract/calendar";
import { jsonOf } from "../../http/json-text";
import { listOccurrences } from "./list-occurrences";

/** Ranges kept at once (each a few hundred occurrences at most); the oldest goes first. */
const MAX_RANGES = 64;
const MAX_SPAN_MS = (EVENT_MAX_DAYS + 1) * 86_400_000;

interface Prepared {
  occurrences: Occurrence[];
  /** Each occurrence's JSON as every member without a registration sees it. */
  parts: string[];
  /** The whole answer for a member with no registration in the range. */
  whole: string;
}

export class CalendarRanges {
  private readonly reads = new Map<string, SharedRead<Prepared>>();
  private readonly off: (() => void)[] = [];

  constructor(private readonly deps: Deps) {
    this.off.push(
      deps.bus.subscribe((e) => {
        if (e.event === "calendar-changed") this.changed();
      }),
      deps.bus.onCatchUp(() => this.changed()),
    );
  }

  /** GET /api/calendar/events as JSON text: the occurrences in [from, to) with counts, and `userId`'s own status in each. */
  async jsonFor(userId: string, from: Date, to: Date): Promise<string> {
    const key = `${from.toISOString()} ${to.toISOString()}`;
    let read = this.reads.get(key);
    if (!read) {
      if (this.reads.size >= MAX_RANGES) this.reads.delete(this.reads.keys().next().value!);
      this.reads.set(key, (read = new SharedRead<Prepared>(this.deps.config.sharedReadMs)));
    }
    const tz = this.deps.church.timeZone;
    const head = jsonOf(ZCalendarPage, { timeZone: tz, occurrences: [] }).replace(/\[\]\}$/, "");
    const [common, mine] = await Promise.all([
      read.get(async () => {
        const occurrences = await listOccurrences(this.deps.db, tz, null, from, to);
        const parts = occurrences.map((o) => jsonOf(ZOccurrence, o));
        return { occurrences, parts, whole: `${head}[${parts.join(",")}]}` };
      }),
      this.deps.db.execute(sql`
        select event_id, occurrence_start, status from calendar_rsvps
        where user_id = ${userId}::uuid
          and occurrence_start >= ${new Date(from.getTime() - MAX_SPAN_MS).toISOString()}::timestamptz
          and occurrence_start < ${to.toISOString()}::timestamptz`) as unknown as Promise<{ rows: { event_id: string; occurrence_start: string | Date; status: RsvpStatus }[] }>,
    ]);
    if (mine.rows.length === 0) return common.whole;
    const status = new Map(mine.rows.map((r) => [`${r.event_id} ${new Date(r.occurrence_start).toISOString()}`, r.status]));
    const parts = common.occurrences.map((o, i) => {
      const s = status.get(`${o.id} ${o.startsAt}`);
      return s ? jsonOf(ZOccurrence, { ...o, myStatus: s }) : common.parts[i]!;
    });
    return `${head}[${parts.join(",")}]}`;
  }

  /** This instance changed registrations or events: read again. */
  changed() {
    this.reads.clear();
  }

  close() {
    for (const f of this.off.splice(0)) f();
  }
}
