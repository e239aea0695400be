import { z } from "./zod-setup";
import { ZOwnUser } from "./auth";
import { displayText } from "./display-text";
import { clockFrom24h, clockTo24h } from "./church-calendar";
import {
  CHURCH_LEGAL_ADDRESS_MAX,
  CHURCH_LEGAL_NAME_MAX,
  CHURCH_LINE_MAX,
  CHURCH_LINK_KEYS,
  CHURCH_MISSION_MAX,
  CHURCH_NAME_MAX,
  CHURCH_SHORT_NAME_MAX,
  CHURCH_TEXT,
  SERVICE_DAYS,
  SERVICE_NAME_MAX,
  SERVICE_TIMES_MAX,
  TAX_STATEMENT_MAX,
  type ChurchLinkKey,
} from "./church-text";

export * from "./church-text";

/** What the church config file holds and GET /api/church/me returns (spec section 3, Church). */
export const ZServiceTime = z.object({
  day: z.string().min(1),
  /** Display time as the spec writes it, e.g. "8:00AM". */
  time: z.string().min(1),
  /** Optional name of the service ("Traditional", "Youth"), in English and in Spanish. */
  name: z.string().optional(),
  nameEs: z.string().optional(),
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
  /** Set when staff uploaded a logo (Admin → Church): the version naming its images' URLs. */
  logoVersion: z.string().nullish(),
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
  /**
   * For year-end giving statements (decision 0121): the church's legal name (unset: `name`), its
   * address as the statement prints it (lines; unset: `address`), and the tax statement in
   * English and Spanish (unset: the standard "no goods or services" sentence; Spanish unset:
   * the English one when set).
   */
  legalName: z.string().optional(),
  legalAddress: z.string().optional(),
  taxStatement: z.string().optional(),
  taxStatementEs: z.string().optional(),
});
export type Church = z.infer<typeof ZChurch>;

/** A time zone the runtime knows (IANA names such as America/New_York, and UTC). */
export function isTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const webAddress = () => z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: CHURCH_TEXT.badUrl }).max(2000, CHURCH_TEXT.badUrl);
const line = (max = CHURCH_LINE_MAX) => displayText().trim().max(max);
const phone = () =>
  z
    .string()
    .trim()
    .max(40, CHURCH_TEXT.badPhone)
    .regex(/^\+?[\d\s().-]{7,}$/, CHURCH_TEXT.badPhone);
const colour = () => z.string().regex(/^#[0-9a-fA-F]{6}$/, CHURCH_TEXT.badColour);

/** One service time as staff enter it: a weekday, a clock such as "9:30AM", an optional name in both languages. */
export const ZServiceTimeInput = z.strictObject({
  day: z.enum(SERVICE_DAYS, { error: CHURCH_TEXT.badDay }),
  time: z
    .string()
    .trim()
    .transform((t) => clockFrom24h(t).replace(/\s+/g, "").toUpperCase())
    .pipe(z.string().regex(/^(1[0-2]|[1-9]):[0-5]\d(AM|PM)$/, CHURCH_TEXT.badTime)),
  name: line(SERVICE_NAME_MAX).optional(),
  nameEs: line(SERVICE_NAME_MAX).optional(),
});
export type ServiceTimeInput = z.input<typeof ZServiceTimeInput>;

const linkShape = Object.fromEntries(
  CHURCH_LINK_KEYS.map((k) => [k, k === "visitorsForm" ? webAddress().nullable().optional() : webAddress().optional()]),
) as Record<Exclude<ChurchLinkKey, "visitorsForm">, z.ZodOptional<ReturnType<typeof webAddress>>> & {
  visitorsForm: z.ZodOptional<z.ZodNullable<ReturnType<typeof webAddress>>>;
};

/**
 * PATCH /api/admin/church: any of the profile's fields staff may change (absent ones are kept).
 * `links` is merged key by key (visitorsForm null removes the external form: the app's own
 * /visitors is used); `shortName` null goes back to the name's first word. Unknown fields are
 * refused. The logo is changed by its own upload (PUT /api/admin/church/logo); the slug never.
 */
export const ZChurchPatch = z.strictObject({
  name: displayText().trim().min(1).max(CHURCH_NAME_MAX),
  shortName: displayText().trim().min(1).max(CHURCH_SHORT_NAME_MAX).nullable(),
  mission: line(CHURCH_MISSION_MAX),
  address: z.strictObject({ street: line(), city: line(), state: line(), zip: line(20) }),
  prayerLinePhone: phone().nullable(),
  phone: phone().nullable(),
  email: z.email({ error: CHURCH_TEXT.badEmail }).max(254, CHURCH_TEXT.badEmail).nullable(),
  accentColor: colour(),
  backgroundColor: colour().nullable(),
  timeZone: z.string().trim().refine(isTimeZone, CHURCH_TEXT.badTimeZone),
  serviceLengthMinutes: z.number({ error: CHURCH_TEXT.badServiceLength }).int(CHURCH_TEXT.badServiceLength).min(15, CHURCH_TEXT.badServiceLength).max(480, CHURCH_TEXT.badServiceLength),
  serviceTimes: z.array(ZServiceTimeInput).max(SERVICE_TIMES_MAX, CHURCH_TEXT.tooManyServiceTimes),
  links: z.strictObject(linkShape),
  youtubeChannelId: z
    .string()
    .trim()
    .regex(/^UC[\w-]{22}$/, CHURCH_TEXT.badChannelId)
    .nullable(),
  legalName: line(CHURCH_LEGAL_NAME_MAX).nullable(),
  legalAddress: displayText().trim().max(CHURCH_LEGAL_ADDRESS_MAX).nullable(),
  taxStatement: displayText().trim().max(TAX_STATEMENT_MAX).nullable(),
  taxStatementEs: displayText().trim().max(TAX_STATEMENT_MAX).nullable(),
}).partial();
export type ChurchPatch = z.input<typeof ZChurchPatch>;

/** What Admin → Church's form holds: every field as text ("" for none; times as an <input type="time"> gives them). */
export interface ChurchFormValues {
  name: string;
  shortName: string;
  mission: string;
  address: { street: string; city: string; state: string; zip: string };
  prayerLinePhone: string;
  phone: string;
  email: string;
  accentColor: string;
  timeZone: string;
  serviceLengthMinutes: string;
  serviceTimes: { day: string; time: string; name: string; nameEs: string }[];
  links: Record<ChurchLinkKey, string>;
  youtubeChannelId: string;
  legalName: string;
  legalAddress: string;
  taxStatement: string;
  taxStatementEs: string;
}

const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const patchShape = ZChurchPatch.shape;

/**
 * The form's values checked by the same rules as PATCH /api/admin/church and turned into its
 * body: a blank optional field clears it (null), a blank service name is left out.
 */
export const ZChurchForm = z.object({
  name: patchShape.name.unwrap(),
  shortName: z.preprocess(blankToNull, patchShape.shortName.unwrap()),
  mission: patchShape.mission.unwrap(),
  address: patchShape.address.unwrap(),
  prayerLinePhone: z.preprocess(blankToNull, patchShape.prayerLinePhone.unwrap()),
  phone: z.preprocess(blankToNull, patchShape.phone.unwrap()),
  email: z.preprocess(blankToNull, patchShape.email.unwrap()),
  accentColor: patchShape.accentColor.unwrap(),
  timeZone: patchShape.timeZone.unwrap(),
  serviceLengthMinutes: z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v), patchShape.serviceLengthMinutes.unwrap()),
  serviceTimes: z
    .array(
      z.object({
        day: ZServiceTimeInput.shape.day,
        time: ZServiceTimeInput.shape.time,
        name: z.preprocess(blankToUndefined, ZServiceTimeInput.shape.name),
        nameEs: z.preprocess(blankToUndefined, ZServiceTimeInput.shape.nameEs),
      }),
    )
    .max(SERVICE_TIMES_MAX, CHURCH_TEXT.tooManyServiceTimes),
  links: z.object(
    Object.fromEntries(CHURCH_LINK_KEYS.map((k) => [k, k === "visitorsForm" ? z.preprocess(blankToNull, webAddress().nullable()) : z.preprocess(blankToUndefined, webAddress())])) as unknown as Record<
      Exclude<ChurchLinkKey, "visitorsForm">,
      z.ZodType<string, unknown>
    > & { visitorsForm: z.ZodType<string | null, unknown> },
  ),
  youtubeChannelId: z.preprocess(blankToNull, patchShape.youtubeChannelId.unwrap()),
  legalName: z.preprocess(blankToNull, patchShape.legalName.unwrap()),
  legalAddress: z.preprocess(blankToNull, patchShape.legalAddress.unwrap()),
  taxStatement: z.preprocess(blankToNull, patchShape.taxStatement.unwrap()),
  taxStatementEs: z.preprocess(blankToNull, patchShape.taxStatementEs.unwrap()),
});

/** The form's starting values from the church as it is. */
export function churchFormValues(c: Church): ChurchFormValues {
  return {
    name: c.name,
    shortName: c.shortName ?? "",
    mission: c.mission,
    address: { ...c.address },
    prayerLinePhone: c.prayerLinePhone ?? "",
    phone: c.phone ?? "",
    email: c.email ?? "",
    accentColor: c.accentColor,
    timeZone: c.timeZone,
    serviceLengthMinutes: String(c.serviceLengthMinutes),
    serviceTimes: c.serviceTimes.map((s) => ({ day: s.day, time: clockTo24h(s.time), name: s.name ?? "", nameEs: s.nameEs ?? "" })),
    links: Object.fromEntries(CHURCH_LINK_KEYS.map((k) => [k, c.links[k] ?? ""])) as Record<ChurchLinkKey, string>,
    youtubeChannelId: c.youtubeChannelId ?? "",
    legalName: c.legalName ?? "",
    legalAddress: c.legalAddress ?? "",
    taxStatement: c.taxStatement ?? "",
    taxStatementEs: c.taxStatementEs ?? "",
  };
}

export const ZChurchMe = z.object({ church: ZChurch, user: ZOwnUser });
export type ChurchMe = z.infer<typeof ZChurchMe>;


/**
 * What anyone may see before signing in: enough to brand the sign-in screen, and the external
 * visitors form (if any) for the first-time visitor page, which opens without an account.
 */
export const ZChurchPublic = ZChurch.pick({ name: true, logoUrl: true, accentColor: true }).extend({ visitorsForm: z.string().nullable() });

/** What a logo upload or removal answers: the church as it now is. */
export const ZChurchAnswer = z.object({ church: ZChurch });
export type ChurchPublic = z.infer<typeof ZChurchPublic>;

// The calendar helpers (next service, service times by day, the address line) live in
// church-calendar.ts, without zod, for the screens that need them before any schema.
export { formatAddress, parseServiceClock, nextService, serviceTimesByDay, clockFrom24h, clockTo24h } from "./church-calendar";
