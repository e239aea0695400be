import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { calendarEvents } from "../db/schema/calendar";
import { loadChurch } from "../shared/church-profile";
import { wallTime, zonedToUtc } from "../../contract/zoned-time";

/**
 * Demo events (decision 0109): a weekly Wednesday Bible study, a monthly prayer night, the
 * Sunday after-service coffee (weekly), and a one-off marriage retreat with 12 places, all in the
 * church's time zone. Idempotent: does nothing once any event exists.
 */
export async function seedCalendarDemo(db: Db, now = new Date()) {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(calendarEvents)) as [{ n: number }];
  if (n > 0) return;
  const tz = (await loadChurch(db)).timeZone;
  const today = wallTime(tz, now);
  /** The next `weekday` (0 = Sunday) at least `minDays` from today, at hh:mm local. */
  const next = (weekday: number, h: number, mi = 0, minDays = 1) => {
    let add = (weekday - today.weekday + 7) % 7;
    while (add < minDays) add += 7;
    return zonedToUtc(tz, today.y, today.m, today.d + add, h, mi);
  };
  const hours = (at: Date, h: number) => new Date(at.getTime() + h * 3600_000);
  const study = next(3, 19);
  const coffee = next(0, 10, 45);
  const prayer = next(5, 19, 0, 3);
  const retreat = next(5, 18, 0, 12);
  await db.insert(calendarEvents).values([
    {
      title: "Wednesday Bible Study",
      description: "An hour in the book of Romans, with coffee and time to pray together. Bring a Bible and a friend.",
      location: "Fellowship Hall, Room 12",
      startsAt: study,
      endsAt: hours(study, 1.5),
      repeat: "weekly",
    },
    {
      title: "Coffee After Service",
      description: "Stay a while after the 9:30 service: coffee, pastries and a welcome table for newcomers.",
      location: "Church lobby",
      startsAt: coffee,
      endsAt: hours(coffee, 1),
      repeat: "weekly",
    },
    {
      title: "Night of Prayer",
      description: "Worship and prayer for our city, our families and one another.",
      location: "Sanctuary",
      startsAt: prayer,
      endsAt: hours(prayer, 2),
      repeat: "monthly",
      registration: true,
    },
    {
      title: "Marriage Retreat",
      description: "A weekend for couples: talks, time together and a Saturday dinner. Register early: places are limited.",
      location: "Lakeside Camp, 200 Shore Rd",
      startsAt: retreat,
      endsAt: hours(retreat, 42),
      registration: true,
      capacity: 12,
    },
  ]);
}
