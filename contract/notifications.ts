import { z } from "./zod-setup";
import { NOTIFICATION_KINDS, type NotificationKind } from "./notifications-text";

export * from "./notifications-text";

/**
 * Notifications (spec sections 2, 3, 4, 7, 8 and 9): the inbox behind the header's bell, the
 * Profile push card and Web Push. Every text a member reads is here, shared by client and server.
 */





/**
 * How long a push stays worth delivering (the push service's TTL, and the age after which our
 * delivery job drops a delivery still waiting): a "service started" push an hour and a half
 * late is noise, an approved testimony is news for a day.
 */
export const PUSH_TTL_SECONDS: Record<NotificationKind, number> = {
  serviceStarted: 90 * 60,
  testimonyApproved: 24 * 3600,
  prayerAnswered: 24 * 3600,
  questionToModerate: 3 * 3600,
  testimonyToModerate: 24 * 3600,
  // Worth knowing while the pause lasts (CARD_BREAKER_COOLDOWN_SECONDS, 30 min by default) and a little after.
  newCardsPaused: 2 * 3600,
  announcement: 24 * 3600,
  eventReminder: 12 * 3600,
  eventCancelled: 24 * 3600,
  groupJoinRequest: 3 * 24 * 3600,
  groupRequestAnswered: 3 * 24 * 3600,
};


export { SERVICE_WORKER_ACTIVATION_TIMEOUT_MS, PUSH_TOKEN_REFRESH_MS, SERVICE_WORKER_URL } from "./service-worker";
/** Inbox page size and the most a member may ask for at once. */
export const INBOX_PAGE_SIZE = 20;
export const INBOX_PAGE_MAX = 50;
/** A member keeps at most this many push devices; registering one more forgets the least recently registered. */
export const MAX_PUSH_DEVICES = 20;


/** One notification in the inbox. */
export const ZNotification = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** The app path tapping it opens. */
  url: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof ZNotification>;

export const ZInboxQuery = z.object({
  /** The id of the last notification of the previous page (keyset pagination, newest first). */
  before: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(INBOX_PAGE_MAX).default(INBOX_PAGE_SIZE),
});
export const ZInboxPage = z.object({
  items: z.array(ZNotification),
  unreadCount: z.number().int(),
  /** Pass as `before` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type InboxPage = z.infer<typeof ZInboxPage>;

export const ZNotificationIdParams = z.object({ id: z.uuid() });

export const ZKindSwitches = z.object(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<NotificationKind, z.ZodBoolean>);
export type KindSwitches = z.infer<typeof ZKindSwitches>;

/** GET /api/notifications/preferences (spec: deviceCount, lastUpdated) plus the per-kind switches. */
export const ZNotificationPreferences = z.object({
  deviceCount: z.number().int(),
  /** When one of the member's devices last registered, or null with none. */
  lastUpdated: z.string().nullable(),
  /** The kinds this member can receive, each on or off. */
  kinds: ZKindSwitches.partial(),
  /**
   * The Profile's "Email updates" switch: church news by email (announcements sent by email,
   * decision 0110). Off: no announcement email reaches this member. Account emails (receipts,
   * reset links) and a journey the member enrolled in are not news and are not affected.
   */
  emailUpdates: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof ZNotificationPreferences>;

/** Only the kinds named change; an unknown kind is a 400. */
export const ZUpdatePreferences = z.object({ kinds: ZKindSwitches.partial().strict().default({}), emailUpdates: z.boolean().optional() });
export type UpdatePreferences = z.infer<typeof ZUpdatePreferences>;

/** POST /api/notifications/register-token: the serialized PushSubscription as token (spec section 3). */
export const ZRegisterToken = z.object({
  token: z.string().min(1).max(4096),
  deviceType: z.literal("web"),
});
export type RegisterToken = z.infer<typeof ZRegisterToken>;

export const ZVapidPublicKey = z.object({ publicKey: z.string() });

/** What the service worker receives in a push (kept well under the push services' 4 KB). */
export interface PushPayload {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  url: string;
  icon: string;
}
