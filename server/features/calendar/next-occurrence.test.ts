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
});
