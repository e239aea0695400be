/**
 * The calendar's range reads, shared (docs/architecture.md, Shared reads): every member asking
 * for the same range (the calendar screen asks for whole church days) gets the same occurrences
 * and counts, computed and written as JSON once per SHARED_READ_MS per instance (single flight,
 * decision 0073: a month of 200 events, which the response schema took most of a request to
 * check and serialize; the list carries no descriptions, bench/README.md) and compressed once per
 * load. Nothing of one member is in it: a member's own registrations are their own small read
 * (GET /api/calendar/registrations, `listMyRegistrations`), never shared, which the client lays
 * over the list (decision 0109). Staff changes publish `calendar-changed`,
 * which empties it on every instance; a registration empties it on its own instance, and other
 * instances show the new counts within SHARED_READ_MS.
 */
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Deps } from "../../deps";
import { SharedRead } from "../../http/shared-read";
import { ZCalendarPage, type ListedOccurrence } from "../../../contract/calendar";
import { jsonOf } from "../../http/json-text";
import { listOccurrences } from "./list-occurrences";

/** Ranges kept at once (each a few hundred occurrences at most); the oldest goes first. */
const MAX_RANGES = 64;

interface Prepared {
  /** The occurrences, as objects (the week screen's). */
  occurrences: ListedOccurrence[];
  /** The whole answer, as the bytes sent. */
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
   * GET /api/calendar/events: the occurrences in [from, to) with their counts, the same bytes for
   * every member (no member's own status is in them: that is GET /api/calendar/registrations),
   * compressed once per load when the request accepts br or gzip.
   */
  async answerFor(from: Date, to: Date, acceptEncoding?: string): Promise<RangeAnswer> {
    const common = await this.common(from, to);
    const encoding = pickEncoding(acceptEncoding);
    return { body: encoding === "br" ? common.br : encoding === "gzip" ? common.gzip : common.whole, encoding };
  }

  /**
   * The occurrences in [from, to) with their counts, without anyone's status: the same array for
   * every caller until the range is read again (the week screen writes its JSON once per array,
   * get-week.ts).
   */
  async listed(from: Date, to: Date): Promise<readonly ListedOccurrence[]> {
    return (await this.common(from, to)).occurrences;
  }

  /** The range's occurrences and counts, the same for every member: read, written and compressed once per SHARED_READ_MS. */
  private common(from: Date, to: Date): Promise<Prepared> {
    const tz = this.deps.church.timeZone;
    const key = `${tz} ${from.toISOString()} ${to.toISOString()}`;
    let read = this.reads.get(key);
    if (!read) {
      if (this.reads.size >= MAX_RANGES) this.reads.delete(this.reads.keys().next().value!);
      this.reads.set(key, (read = new SharedRead<Prepared>(this.deps.config.sharedReadMs)));
    }
    return read.get(async () => {
      const occurrences = await listOccurrences(this.deps.db, tz, from, to);
      const whole = Buffer.from(jsonOf(ZCalendarPage, { timeZone: tz, occurrences }));
      const [br, gz] = await Promise.all([
        brotli(whole, { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: whole.length } }),
        gzip(whole, { level: 6 }),
      ]);
      return { occurrences, whole, br, gzip: gz };
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
