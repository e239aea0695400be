import { z } from "./zod-setup";
import { ZUser } from "./auth";

/** What the church config file holds and GET /api/church/me returns (spec section 3, Church). */
export const ZServiceTime = z.object({
  day: z.string().min(1),
  /** Display time as the spec writes it, e.g. "8:00AM". */
  time: z.string().min(1),
});

export const ZChurchLinks = z.object({
  liveStream: z.url(),
  giving: z.url(),
  partner: z.url(),
  about: z.url(),
  website: z.url(),
  videoChannel: z.url(),
  visitorsForm: z.url().optional(),
  calendar: z.url(),
  contact: z.url(),
  more: z.url(),
  directions: z.url(),
});

export const ZChurch = z.object({
  name: z.string().min(1),
  /** The installed app's name under its icon (12 characters at most); default: the name's first word. */
  shortName: z.string().min(1).max(12).optional(),
  slug: z.string().min(1),
  mission: z.string(),
  address: z.object({ street: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
  prayerLinePhone: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  logoUrl: z.string(),
  accentColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  /** The installed app's splash-screen colour; default: the light theme's background. */
  backgroundColor: z.string().regex(/^#[0-9a-fA-F]{6}$/).optional(),
  timeZone: z.string(),
  serviceLengthMinutes: z.number().int().positive(),
  serviceTimes: z.array(ZServiceTime),
  textToJoin: z.object({ keyword: z.string(), shortcode: z.string() }),
  links: ZChurchLinks,
  /**
   * The church's YouTube channel id ("UC" and 22 more characters, from the channel's advanced
   * settings). Set: the video library is synced from the channel's public feed every 30 minutes.
   * Unset or null: the demo library (seeded offline) stays.
   */
  youtubeChannelId: z
    .string()
    .regex(/^UC[\w-]{22}$/, "must be a YouTube channel id: UC followed by 22 letters, digits, - or _")
    .nullish(),
});
export type Church = z.infer<typeof ZChurch>;

export const ZChurchMe = z.object({ church: ZChurch, user: ZUser });
export type ChurchMe = z.infer<typeof ZChurchMe>;

/** One line per address part: "1234 Main St, Orlando, FL 32801". */
export const formatAddress = (a: Church["address"]) => `${a.street}, ${a.city}, ${a.state} ${a.zip}`;

/** What anyone may see before signing in: enough to brand the sign-in screen. */
export const ZChurchPublic = ZChurch.pick({ name: true, logoUrl: true, accentColor: true });
export type ChurchPublic = z.infer<typeof ZChurchPublic>;

const DAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/** Minutes since midnight of a display time such as "8:00AM" or "7:30PM". */
export function parseServiceClock(time: string): number | null {
  const m = /^(\d{1,2}):(\d{2})\s*([AP])M$/i.exec(time.trim());
  if (!m) return null;
  const h = Number(m[1]) % 12 + (m[3].toUpperCase() === "P" ? 12 : 0);
  return h * 60 + Number(m[2]);
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
