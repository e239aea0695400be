/**
 * The calendar's range reads, shared (docs/architecture.md, Shared reads): every member asking
 * for the same range (the calendar screen asks for whole church days) gets the same occurrences
 * and counts, computed once per SHARED_READ_MS per instance (single flight); the member's own
 * status is added per request with one indexed query. Staff changes publish `calendar-changed`,
 * which empties it on every instance; a registration empties it on its own instance, and other
 * instances show the new counts within SHARED_READ_MS.
 */
import { sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { SharedRead } from "../../http/shared-read";
import { EVENT_MAX_DAYS, type Occurrence, type RsvpStatus } from "../../../contract/calendar";
import { listOccurrences } from "./list-occurrences";

/** Ranges kept at once (each a few hundred occurrences at most); the oldest goes first. */
const MAX_RANGES = 64;
const MAX_SPAN_MS = (EVENT_MAX_DAYS + 1) * 86_400_000;

export class CalendarRanges {
  private readonly reads = new Map<string, SharedRead<Occurrence[]>>();
  private readonly off: (() => void)[] = [];

  constructor(private readonly deps: Deps) {
    this.off.push(
      deps.bus.subscribe((e) => {
        if (e.event === "calendar-changed") this.changed();
      }),
      deps.bus.onCatchUp(() => this.changed()),
    );
  }

  /** The occurrences in [from, to) with counts, and `userId`'s own status in each. */
  async forMember(userId: string, from: Date, to: Date): Promise<Occurrence[]> {
    const key = `${from.toISOString()} ${to.toISOString()}`;
    let read = this.reads.get(key);
    if (!read) {
      if (this.reads.size >= MAX_RANGES) this.reads.delete(this.reads.keys().next().value!);
      this.reads.set(key, (read = new SharedRead<Occurrence[]>(this.deps.config.sharedReadMs)));
    }
    const tz = this.deps.church.timeZone;
    const [common, mine] = await Promise.all([
      read.get(() => listOccurrences(this.deps.db, tz, null, from, to)),
      this.deps.db.execute(sql`
        select event_id, occurrence_start, status from calendar_rsvps
        where user_id = ${userId}::uuid
          and occurrence_start >= ${new Date(from.getTime() - MAX_SPAN_MS).toISOString()}::timestamptz
          and occurrence_start < ${to.toISOString()}::timestamptz`) as unknown as Promise<{ rows: { event_id: string; occurrence_start: string | Date; status: RsvpStatus }[] }>,
    ]);
    if (mine.rows.length === 0) return common;
    const status = new Map(mine.rows.map((r) => [`${r.event_id} ${new Date(r.occurrence_start).toISOString()}`, r.status]));
    return common.map((o) => {
      const s = status.get(`${o.id} ${o.startsAt}`);
      return s ? { ...o, myStatus: s } : o;
    });
  }

  /** This instance changed registrations or events: read again. */
  changed() {
    this.reads.clear();
  }

  close() {
    for (const f of this.off.splice(0)) f();
  }
}
