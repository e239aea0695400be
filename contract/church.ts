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
  slug: z.string().min(1),
  mission: z.string(),
  address: z.object({ street: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
  prayerLinePhone: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  logoUrl: z.string(),
  accentColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  timeZone: z.string(),
  serviceLengthMinutes: z.number().int().positive(),
  serviceTimes: z.array(ZServiceTime),
  textToJoin: z.object({ keyword: z.string(), shortcode: z.string() }),
  links: ZChurchLinks,
});
export type Church = z.infer<typeof ZChurch>;

export const ZChurchMe = z.object({ church: ZChurch, user: ZUser });
export type ChurchMe = z.infer<typeof ZChurchMe>;

/** One line per address part: "1234 Main St, Orlando, FL 32801". */
export const formatAddress = (a: Church["address"]) => `${a.street}, ${a.city}, ${a.state} ${a.zip}`;
