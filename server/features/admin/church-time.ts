/**
 * The church's calendar in its time zone (docs/architecture.md, Data rules): the day a moment falls on,
 * and the UTC bounds of "today" and "this week" (weeks start on Sunday, the church's first day).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Building a DateTimeFormat costs far more than using one (it ran on every signed-in request): one per zone. */
function formatter(tz: string) {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      weekday: "short",
      hourCycle: "h23",
    });
    formatters.set(tz, f);
  }
  return f;
}

function zonedParts(tz: string, at: Date) {
  const p = Object.fromEntries(
    formatter(tz)
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return {
    y: Number(p.year),
    m: Number(p.month),
    d: Number(p.day),
    h: Number(p.hour),
    mi: Number(p.minute),
    s: Number(p.second),
    weekday: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(String(p.weekday)),
  };
}

/** Milliseconds the zone is ahead of UTC at `at`. */
function offsetMs(tz: string, at: Date) {
  const p = zonedParts(tz, at);
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.mi, p.s) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The UTC instant of local midnight on the given local date (handles DST changes). */
function localMidnight(tz: string, y: number, m: number, d: number) {
  const wall = Date.UTC(y, m - 1, d);
  let guess = wall - offsetMs(tz, new Date(wall));
  guess = wall - offsetMs(tz, new Date(guess));
  return new Date(guess);
}

/** "YYYY-MM-DD" of the church's calendar day at `at`. */
export function churchDay(tz: string, at: Date): string {
  const p = zonedParts(tz, at);
  return `${p.y}-${String(p.m).padStart(2, "0")}-${String(p.d).padStart(2, "0")}`;
}

/** [start, end) of the church's day containing `at`. */
export function churchToday(tz: string, at: Date) {
  const p = zonedParts(tz, at);
  const start = localMidnight(tz, p.y, p.m, p.d);
  const next = new Date(Date.UTC(p.y, p.m - 1, p.d + 1));
  return { start, end: localMidnight(tz, next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()) };
}

/** [start, end) of the church's week (Sunday to Saturday) containing `at`. */
export function churchWeek(tz: string, at: Date) {
  const p = zonedParts(tz, at);
  const first = new Date(Date.UTC(p.y, p.m - 1, p.d - p.weekday));
  const after = new Date(Date.UTC(p.y, p.m - 1, p.d - p.weekday + 7));
  return {
    start: localMidnight(tz, first.getUTCFullYear(), first.getUTCMonth() + 1, first.getUTCDate()),
    end: localMidnight(tz, after.getUTCFullYear(), after.getUTCMonth() + 1, after.getUTCDate()),
  };
}
