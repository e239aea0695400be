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


/** What anyone may see before signing in: enough to brand the sign-in screen. */
export const ZChurchPublic = ZChurch.pick({ name: true, logoUrl: true, accentColor: true });
export type ChurchPublic = z.infer<typeof ZChurchPublic>;

// The calendar helpers (next service, service times by day, the address line) live in
// church-calendar.ts, without zod, for the screens that need them before any schema.
export { formatAddress, parseServiceClock, nextService, serviceTimesByDay } from "./church-calendar";
