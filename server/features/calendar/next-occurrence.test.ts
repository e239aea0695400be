/**
 * nextOccurrence (Admin → Events' "next" column) makes only the few occurrences that can come
 * before the next one (issue 23: it used to make 50 for every event on every read). Checked
 * against the plain answer (the first of all the occurrences that starts at or after the moment)
 * for weekly and monthly events of every length up to EVENT_MAX_DAYS, at moments before,
 * during and between occurrences, across New York's daylight-saving changes.
 */
import { describe, expect, it } from "vitest";
import { nextOccurrence, occurrencesBetween, type Schedule } from "./occurrences";
import { EVENT_MAX_DAYS } from "../../../contract/calendar";

const DAY = 86_400_000;
const TZ = "America/New_York";

describe("nextOccurrence", () => {
  it("finds the same next occurrence as expanding them all, for long and short events", () => {
    const first = new Date("2026-01-31T15:00:00Z");
    let checked = 0;
    for (const repeat of ["weekly", "monthly"] as const) {
      for (const days of [0.05, 1, 6, 7, 8, 13, EVENT_MAX_DAYS]) {
        const s: Schedule = { startsAt: first, endsAt: new Date(first.getTime() + days * DAY), repeat, repeatUntil: null };
        for (let k = -3; k < 120; k += 2.3) {
          const at = new Date(first.getTime() + k * DAY);
          const expected = occurrencesBetween(TZ, s, at, new Date(at.getTime() + 400 * DAY), 500).find((o) => o.start >= at) ?? null;
          expect(nextOccurrence(TZ, s, at), `${repeat} ${days} days, at ${at.toISOString()}`).toEqual(expected);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it("answers a one-off event by itself, and none once it has begun", () => {
    const s: Schedule = { startsAt: new Date("2026-03-01T15:00:00Z"), endsAt: new Date("2026-03-01T17:00:00Z"), repeat: "none", repeatUntil: null };
    expect(nextOccurrence(TZ, s, new Date("2026-02-01T00:00:00Z"))?.start).toEqual(s.startsAt);
    expect(nextOccurrence(TZ, s, new Date("2026-03-01T16:00:00Z"))).toBeNull();
  });

  it("gives a remembered answer only for the moments it is the answer for, and a changed schedule its own", () => {
    const s: Schedule = { startsAt: new Date("2026-10-06T23:00:00Z"), endsAt: new Date("2026-10-07T00:00:00Z"), repeat: "weekly", repeatUntil: null };
    const plain = (x: Schedule, at: Date) => occurrencesBetween(TZ, x, at, new Date(at.getTime() + 400 * DAY), 500).find((o) => o.start >= at) ?? null;
    const moments = ["2026-10-21T00:00:00Z", "2026-10-14T12:00:00Z", "2026-10-27T23:00:00Z", "2026-10-27T23:00:00.001Z", "2026-10-20T23:00:00Z", "2026-11-03T12:00:00Z", "2026-10-08T00:00:00Z"];
    for (const m of moments) expect(nextOccurrence(TZ, s, new Date(m)), m).toEqual(plain(s, new Date(m)));
    // After the clocks went back (2026-11-01), 19:00 in New York is 00:00Z.
    expect(nextOccurrence(TZ, s, new Date("2026-10-27T23:00:00.001Z"))?.start.toISOString()).toBe("2026-11-04T00:00:00.000Z");
    const ended = { ...s, repeatUntil: "2026-10-20" };
    expect(nextOccurrence(TZ, ended, new Date("2026-10-21T00:00:00Z"))).toBeNull();
    expect(nextOccurrence(TZ, s, new Date("2026-10-21T00:00:00Z"))?.start.toISOString()).toBe("2026-10-27T23:00:00.000Z");
  });
});
