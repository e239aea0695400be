/**
 * The church's calendar in its time zone (docs/architecture.md, Data rules): the day a moment falls on,
 * and the UTC bounds of "today" and "this week" (weeks start on Sunday, the church's first day).
 * One wall-clock module does the arithmetic for the whole app (contract/zoned-time.ts, shared
 * with the calendar, announcements and the client); these are its names in the analytics.
 */
import { zonedDate, zonedDayBounds, zonedWeekBounds } from "../../../contract/zoned-time";

/** "YYYY-MM-DD" of the church's calendar day at `at`. */
export const churchDay = (tz: string, at: Date): string => zonedDate(tz, at);

/** [start, end) of the church's day containing `at`. */
export const churchToday = (tz: string, at: Date) => zonedDayBounds(tz, at);

/** [start, end) of the church's week (Sunday to Saturday) containing `at`. */
export const churchWeek = (tz: string, at: Date) => zonedWeekBounds(tz, at);
