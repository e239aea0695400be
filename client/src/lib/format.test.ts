import { describe, expect, it } from "vitest";
import "@contract/i18n/es";
import { formatCommentTime, formatDuration, formatRelativeDate, formatViews, shortDate, weekdayName } from "./format";

describe("formatDuration (m:ss or h:mm:ss)", () => {
  it.each([
    [0, "0:00"],
    [5, "0:05"],
    [65, "1:05"],
    [599, "9:59"],
    [3599, "59:59"],
    [3600, "1:00:00"],
    [4512, "1:15:12"],
    [36_061, "10:01:01"],
  ])("%i s -> %s", (s, out) => expect(formatDuration(s)).toBe(out));
  it("is empty when unknown", () => {
    expect(formatDuration(null)).toBe("");
    expect(formatDuration(-1)).toBe("");
  });
});

describe("formatRelativeDate", () => {
  const now = new Date(2025, 2, 20, 10, 0);
  const ago = (days: number, hour = 9) => new Date(2025, 2, 20 - days, hour, 0).toISOString();
  it.each([
    [0, "Today"],
    [1, "Yesterday"],
    [2, "2 days ago"],
    [6, "6 days ago"],
    [7, "1 week ago"],
    [13, "1 week ago"],
    [14, "2 weeks ago"],
    [29, "4 weeks ago"],
  ])("%i days back -> %s", (d, out) => expect(formatRelativeDate(ago(d), now)).toBe(out));
  it("goes by calendar day: late last night is Yesterday", () => {
    expect(formatRelativeDate(new Date(2025, 2, 19, 23, 50).toISOString(), new Date(2025, 2, 20, 0, 10))).toBe("Yesterday");
  });
  it("shows a short date from 30 days", () => {
    expect(formatRelativeDate(ago(30), now)).toBe("Feb 18, 2025");
  });
});

describe("formatCommentTime", () => {
  const now = new Date("2025-03-20T12:00:00Z");
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it.each([
    [0, "just now"],
    [59_000, "just now"],
    [60_000, "1m ago"],
    [59 * 60_000, "59m ago"],
    [60 * 60_000, "1h ago"],
    [23 * 3_600_000 + 59 * 60_000, "23h ago"],
  ])("%i ms -> %s", (ms, out) => expect(formatCommentTime(before(ms), now)).toBe(out));
  it("shows a short date from 24 hours", () => {
    expect(formatCommentTime("2025-03-10T12:00:00Z", now)).toMatch(/^Mar (9|10), 2025$/);
  });
});

describe("formatViews", () => {
  it("pluralises and groups digits", () => {
    expect(formatViews(1)).toBe("1 view");
    expect(formatViews(1532)).toBe("1,532 views");
  });
});

describe("in Spanish", () => {
  const now = new Date(2025, 2, 20, 10, 0);
  const ago = (days: number) => new Date(2025, 2, 20 - days, 9, 0).toISOString();
  it("relative dates, comment times and views", () => {
    expect([0, 1, 3, 7, 21].map((d) => formatRelativeDate(ago(d), now, "es"))).toEqual(["Hoy", "Ayer", "hace 3 días", "hace 1 semana", "hace 3 semanas"]);
    const t = new Date("2025-03-20T12:00:00Z");
    const before = (ms: number) => new Date(t.getTime() - ms).toISOString();
    expect([0, 5 * 60_000, 3 * 3_600_000].map((ms) => formatCommentTime(before(ms), t, "es"))).toEqual(["ahora mismo", "hace 5 min", "hace 3 h"]);
    expect(formatViews(1, "es")).toBe("1 reproducción");
    expect(formatViews(1532, "es")).toBe("1,532 reproducciones");
  });
  it("short dates and weekdays as es-US writes them", () => {
    expect(shortDate(new Date(2025, 1, 18), "es")).toMatch(/^18 (de )?feb(\.)? (de )?2025$/);
    expect(shortDate(new Date(2025, 1, 18), "en")).toBe("Feb 18, 2025");
    expect(weekdayName("Sundays", "es")).toBe("Domingo");
    expect(weekdayName("Wednesday", "es")).toBe("Miércoles");
    expect(weekdayName("Sundays", "en")).toBe("Sunday");
    expect(weekdayName("Someday", "es")).toBe("Someday");
  });
});
