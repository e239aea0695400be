/**
 * The church's calendar as members read it: the next service, service times by day, the address
 * on one line. Pure functions with no schema, so Home, Invite and Visit Us load them without zod
 * (decision 0072); church.ts re-exports them for the server.
 */
import type { Church } from "./church";

/** One line per address part: "1234 Main St, Orlando, FL 32801". */
export const formatAddress = (a: Church["address"]) => `${a.street}, ${a.city}, ${a.state} ${a.zip}`;

const DAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/** Minutes since midnight of a display time such as "8:00AM" or "7:30PM". */
export function parseServiceClock(time: string): number | null {
  const m = /^(\d{1,2}):(\d{2})\s*([AP])M$/i.exec(time.trim());
  if (!m) return null;
  const h = Number(m[1]) % 12 + (m[3].toUpperCase() === "P" ? 12 : 0);
  return h * 60 + Number(m[2]);
}

/** "8:00AM" -> "08:00" (what an <input type="time"> holds); "" for a time it cannot read. */
export function clockTo24h(time: string): string {
  const min = parseServiceClock(time);
  return min === null ? "" : `${String(Math.floor(min / 60)).padStart(2, "0")}:${String(min % 60).padStart(2, "0")}`;
}

/** "19:30" -> "7:30PM", "08:00" -> "8:00AM" (the church config's way of writing a service time); other text unchanged. */
export function clockFrom24h(time: string): string {
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(time.trim());
  if (!m) return time;
  const h = Number(m[1]);
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]}${h < 12 ? "AM" : "PM"}`;
}

/**
 * The next service after `now`, as the church's clock shows it (its time zone), e.g.
 * { day: "Sundays", time: "9:30AM", inDays: 2 }. A service that has begun within its length
 * counts as current (inDays 0).
 */
export function nextService(church: Pick<Church, "serviceTimes" | "timeZone" | "serviceLengthMinutes">, now: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: church.timeZone, weekday: "long", hour: "numeric", minute: "numeric", hourCycle: "h23" })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const today = DAYS.indexOf(String(parts.weekday).toLowerCase());
  const nowMin = Number(parts.hour) * 60 + Number(parts.minute);
  let best: { day: string; time: string; inDays: number; at: number } | null = null;
  for (const s of church.serviceTimes) {
    const dayIdx = DAYS.indexOf(s.day.toLowerCase().replace(/s$/, ""));
    const clock = parseServiceClock(s.time);
    if (dayIdx < 0 || clock === null) continue;
    let inDays = (dayIdx - today + 7) % 7;
    if (inDays === 0 && clock + church.serviceLengthMinutes <= nowMin) inDays = 7;
    const at = inDays * 1440 + clock;
    if (!best || at < best.at) best = { day: s.day, time: s.time, inDays, at };
  }
  return best && { day: best.day, time: best.time, inDays: best.inDays };
}

/** Service times grouped by day, in config order: [{ day: "Sundays", times: ["8:00AM", ...] }, ...]. */
export function serviceTimesByDay(church: Pick<Church, "serviceTimes">) {
  const groups: { day: string; times: string[] }[] = [];
  for (const s of church.serviceTimes) {
    const g = groups.find((x) => x.day === s.day);
    if (g) g.times.push(s.time);
    else groups.push({ day: s.day, times: [s.time] });
  }
  return groups;
}
