/**
 * The calendar's range reads, shared (docs/architecture.md, Shared reads): every member asking
 * for the same range (the calendar screen asks for whole church days) gets the same occurrences
 * and counts, computed and written as JSON once per SHARED_READ_MS per instance (single flight,
 * decision 0073: a month of 200 events, which the response schema took most of a request to
 * check and serialize; the list carries no descriptions, bench/README.md); the member's own status is added per request with one
 * indexed query, by rewriting only the occurrences they registered for. Staff changes publish `calendar-changed`,
 * which empties it on every instance; a registration empties it on its own instance, and other
 * instances show the new counts within SHARED_READ_MS.
 */
import { promisify } from "node:util";
import zlib from "node:zlib";
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
  /** The answer's opening, up to the occurrences' array. */
  head: string;
  /** Each occurrence's JSON as every member without a registration sees it. */
  parts: string[];
  /** The whole answer for a member with no registration in the range, as the bytes sent. */
  whole: Buffer;
  /** `whole` compressed once (off the event loop), for the phones that accept it: all of them. */
  br: Buffer;
  gzip: Buffer;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The answer to send: JSON bytes or text, and the encoding they are already in (null: not compressed; compression is then the app's). */
export interface RangeAnswer {
  body: string | Buffer;
  encoding: "br" | "gzip" | null;
}

/** Which precompressed copy `acceptEncoding` takes (brotli first, as @fastify/compress prefers), or null. */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  const accepted = new Map(
    (acceptEncoding ?? "").split(",").map((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((x) => x.trim()).find((x) => x.startsWith("q="));
      return [name!, q ? Number(q.slice(2)) : 1] as const;
    }),
  );
  const ok = (e: string) => (accepted.get(e) ?? accepted.get("*") ?? 0) > 0;
  return ok("br") ? "br" : ok("gzip") ? "gzip" : null;
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

  /**
   * GET /api/calendar/events: the occurrences in [from, to) with counts, and `userId`'s own status
   * in each. A member with no registration in the range (most of them) gets the shared bytes,
   * compressed once per load when the request accepts br or gzip; a member with some gets an
   * answer of their own (their status is read per request, never shared), compressed at once.
   */
  async answerFor(userId: string, from: Date, to: Date, acceptEncoding?: string): Promise<RangeAnswer> {
    const [common, mine] = await Promise.all([this.common(from, to), this.mine(userId, from, to)]);
    if (mine.size === 0) {
      const encoding = pickEncoding(acceptEncoding);
      return { body: encoding === "br" ? common.br : encoding === "gzip" ? common.gzip : common.whole, encoding };
    }
    const parts = common.occurrences.map((o, i) => {
      const s = mine.get(`${o.id} ${o.startsAt}`);
      return s ? jsonOf(ZOccurrence, { ...o, myStatus: s }) : common.parts[i]!;
    });
    // Their own answer, compressed here at a fast setting (the app's default brotli quality on
    // ~80 KB cost ~20 ms of CPU a request: most of the bench's CPU before), off the event loop.
    const own = Buffer.from(`${common.head}[${parts.join(",")}]}`);
    const encoding = pickEncoding(acceptEncoding);
    if (encoding === "br") return { body: await brotli(own, { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 2, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: own.length } }), encoding };
    if (encoding === "gzip") return { body: await gzip(own, { level: 1 }), encoding };
    return { body: own, encoding: null };
  }

  /**
   * The occurrences in [from, to) with counts and `userId`'s own status, as objects: the week
   * screen's (get-week.ts). The shared part is the same read as the calendar's; the member's
   * registrations are one indexed query, never shared.
   */
  async occurrencesFor(userId: string, from: Date, to: Date): Promise<Occurrence[]> {
    const [common, mine] = await Promise.all([this.common(from, to), this.mine(userId, from, to)]);
    if (mine.size === 0) return common.occurrences;
    return common.occurrences.map((o) => {
      const s = mine.get(`${o.id} ${o.startsAt}`);
      return s ? { ...o, myStatus: s } : o;
    });
  }

  /** The range's occurrences and counts, the same for every member: read and written once per SHARED_READ_MS. */
  private common(from: Date, to: Date): Promise<Prepared> {
    const tz = this.deps.church.timeZone;
    const key = `${tz} ${from.toISOString()} ${to.toISOString()}`;
    let read = this.reads.get(key);
    if (!read) {
      if (this.reads.size >= MAX_RANGES) this.reads.delete(this.reads.keys().next().value!);
      this.reads.set(key, (read = new SharedRead<Prepared>(this.deps.config.sharedReadMs)));
    }
    return read.get(async () => {
      const occurrences = await listOccurrences(this.deps.db, tz, null, from, to);
      const head = jsonOf(ZCalendarPage, { timeZone: tz, occurrences: [] }).replace(/\[\]\}$/, "");
      const parts = occurrences.map((o) => jsonOf(ZOccurrence, o));
      const whole = Buffer.from(`${head}[${parts.join(",")}]}`);
      const [br, gz] = await Promise.all([
        brotli(whole, { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: whole.length } }),
        gzip(whole, { level: 6 }),
      ]);
      return { occurrences, head, parts, whole, br, gzip: gz };
    });
  }

  /** `userId`'s registrations for occurrences in [from, to), by "event start". */
  private async mine(userId: string, from: Date, to: Date): Promise<Map<string, RsvpStatus>> {
    const result = (await this.deps.db.execute(sql`
        select event_id, occurrence_start, status from calendar_rsvps
        where user_id = ${userId}::uuid
          and occurrence_start >= ${new Date(from.getTime() - MAX_SPAN_MS).toISOString()}::timestamptz
          and occurrence_start < ${to.toISOString()}::timestamptz`)) as unknown as { rows: { event_id: string; occurrence_start: string | Date; status: RsvpStatus }[] };
    return new Map(result.rows.map((r) => [`${r.event_id} ${new Date(r.occurrence_start).toISOString()}`, r.status]));
  }

  /** This instance changed registrations or events: read again. */
  changed() {
    this.reads.clear();
  }

  close() {
    for (const f of this.off.splice(0)) f();
  }
}
