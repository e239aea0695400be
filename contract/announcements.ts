import { z } from "./zod-setup";
import { displayText } from "./display-text";
import {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_CHANNELS,
  ANNOUNCEMENT_STATUSES,
  ANNOUNCEMENT_TEXT as T,
  ANNOUNCEMENT_TITLE_MAX,
  ANNOUNCEMENT_URL_MAX,
  ANNOUNCEMENTS_PAGE_MAX,
  ANNOUNCEMENTS_PAGE_SIZE,
  type AnnouncementChannel,
} from "./announcements-text";

export * from "./announcements-text";

/**
 * Where tapping the announcement goes: a page of the app ("/connect", never "//host") or a full
 * https:// link. Empty or missing: nowhere.
 */
export const isAnnouncementUrl = (v: string) => {
  if (v.startsWith("/")) return !v.startsWith("//") && !/[\s\\]/.test(v);
  try {
    return new URL(v).protocol === "https:";
  } catch {
    return false;
  }
};

const optionalText = (max: number, tooLong: string) =>
  displayText()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => v || null);

/** `everyone`, `staff` (OWNER, PASTOR, STAFF), or the members of one group. */
export const ZAudience = z.union([z.literal("everyone"), z.literal("staff"), z.object({ group: z.uuid({ error: T.groupNotFound }) }).strict()], {
  error: T.audienceInvalid,
});
export type Audience = z.infer<typeof ZAudience>;

/**
 * POST /api/announcements. Spanish texts are optional (both or neither); each member receives
 * their language, English otherwise. `sendAt` (ISO 8601 with an offset, stored in UTC) schedules
 * it; the server checks it is in the future (its clock, not the browser's).
 */
export const ZAnnouncementInput = z
  .object({
    title: displayText().trim().min(1, T.titleRequired).max(ANNOUNCEMENT_TITLE_MAX, T.titleTooLong),
    body: displayText().trim().min(1, T.bodyRequired).max(ANNOUNCEMENT_BODY_MAX, T.bodyTooLong),
    url: z
      .string()
      .trim()
      .max(ANNOUNCEMENT_URL_MAX, T.urlInvalid)
      .refine((v) => v === "" || isAnnouncementUrl(v), T.urlInvalid)
      .nullish()
      .transform((v) => v || null),
    titleEs: optionalText(ANNOUNCEMENT_TITLE_MAX, T.titleTooLong),
    bodyEs: optionalText(ANNOUNCEMENT_BODY_MAX, T.bodyTooLong),
    audience: ZAudience,
    channels: z
      .array(z.enum(ANNOUNCEMENT_CHANNELS, { error: T.channelInvalid }), { error: T.channelsRequired })
      .min(1, T.channelsRequired)
      .max(6, T.channelsRequired)
      .transform((cs) => ANNOUNCEMENT_CHANNELS.filter((c) => cs.includes(c))),
    sendAt: z.iso
      .datetime({ offset: true, error: T.sendAtInvalid })
      .nullish()
      .transform((v) => (v ? new Date(v).toISOString() : null)),
  })
  .superRefine((v, ctx) => {
    if (!!v.titleEs !== !!v.bodyEs) ctx.addIssue({ code: "custom", path: [v.titleEs ? "bodyEs" : "titleEs"], message: T.spanishBoth });
    if (v.channels.includes("push") && !v.channels.includes("inbox")) ctx.addIssue({ code: "custom", path: ["channels"], message: T.pushNeedsInbox });
  });
export type AnnouncementInput = z.input<typeof ZAnnouncementInput>;
export type AnnouncementData = z.output<typeof ZAnnouncementInput>;

const ZChannelCounts = z.object({ inbox: z.number().int(), push: z.number().int(), email: z.number().int() });

/** An announcement as staff see it in Admin → Announcements. */
export const ZAnnouncement = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  url: z.string().nullable(),
  titleEs: z.string().nullable(),
  bodyEs: z.string().nullable(),
  audience: ZAudience,
  /** The group's name when the audience is a group (as it was when composed). */
  groupName: z.string().nullable(),
  channels: z.array(z.enum(ANNOUNCEMENT_CHANNELS)),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  /** When it goes (UTC); for one sent at once, when it was composed. */
  sendAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  /** Who composed it ("First Last"), or null if that account is gone. */
  createdBy: z.string().nullable(),
  /** Members it was processed for so far. */
  recipients: z.number().int(),
  /** Per chosen channel: members it reached (inbox written, push queued to a device, email queued). */
  reached: ZChannelCounts,
});
export type Announcement = z.infer<typeof ZAnnouncement>;

/** GET /api/announcements (staff): what was sent, newest first, a keyset page at a time (`cursor`: the previous page's nextCursor). */
export const ZAnnouncementsQuery = z.object({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(ANNOUNCEMENTS_PAGE_MAX).default(ANNOUNCEMENTS_PAGE_SIZE),
});

/**
 * An announcement as Admin → Announcements lists it: what its row shows. Not its texts (the
 * message, the link, the Spanish): members receive those, and the list would grow with each
 * message's length (up to 2,000 characters in each language; issue 23).
 */
export const ZAnnouncementListItem = ZAnnouncement.omit({ body: true, url: true, titleEs: true, bodyEs: true });
export type AnnouncementListItem = z.infer<typeof ZAnnouncementListItem>;

/**
 * A page of what was sent (or is sending, or was cancelled), newest first; the first page also
 * carries everything scheduled, soonest first (null on later pages).
 */
export const ZAnnouncementList = z.object({
  scheduled: z.array(ZAnnouncementListItem).nullable(),
  sent: z.array(ZAnnouncementListItem),
  nextCursor: z.string().nullable(),
});
export type AnnouncementList = z.infer<typeof ZAnnouncementList>;

export const ZAnnouncementIdParams = z.object({ id: z.uuid({ error: T.notFound }) });

export type { AnnouncementChannel };
