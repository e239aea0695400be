import { describe, expect, it } from "vitest";
import { nextService, parseServiceClock, serviceTimesByDay } from "./church";

const church = {
  timeZone: "America/New_York",
  serviceLengthMinutes: 75,
  serviceTimes: [
    { day: "Sundays", time: "8:00AM" },
    { day: "Sundays", time: "9:30AM" },
    { day: "Sundays", time: "11:00AM" },
    { day: "Wednesdays", time: "12:00PM" },
    { day: "Wednesdays", time: "7:30PM" },
  ],
};

describe("service times", () => {
  it("parses display clocks", () => {
    expect(parseServiceClock("8:00AM")).toBe(480);
    expect(parseServiceClock("12:00PM")).toBe(720);
    expect(parseServiceClock("12:30AM")).toBe(30);
    expect(parseServiceClock("7:30PM")).toBe(1170);
    expect(parseServiceClock("noon")).toBeNull();
  });

  it("finds the next service in the church's time zone", () => {
    // Sunday 2026-11-22 07:00 in New York is 12:00 UTC.
    expect(nextService(church, new Date("2026-11-22T12:00:00Z"))).toEqual({ day: "Sundays", time: "8:00AM", inDays: 0 });
    // Sunday 10:00 New York: the 9:30 service is still on (75 minutes).
    expect(nextService(church, new Date("2026-11-22T15:00:00Z"))).toEqual({ day: "Sundays", time: "9:30AM", inDays: 0 });
    // Sunday 13:00 New York: next is Wednesday noon.
    expect(nextService(church, new Date("2026-11-22T18:00:00Z"))).toEqual({ day: "Wednesdays", time: "12:00PM", inDays: 3 });
    // Wednesday 22:00 New York (Thursday 03:00 UTC): next is Sunday 8:00.
    expect(nextService(church, new Date("2026-11-26T03:00:00Z"))).toEqual({ day: "Sundays", time: "8:00AM", inDays: 4 });
  });

  it("groups times by day in order", () => {
    expect(serviceTimesByDay(church)).toEqual([
      { day: "Sundays", times: ["8:00AM", "9:30AM", "11:00AM"] },
      { day: "Wednesdays", times: ["12:00PM", "7:30PM"] },
    ]);
  });
});
