import { z } from "./zod-setup";
import { isStaff } from "./roles";

/**
 * Notifications (spec sections 2, 3, 4, 7, 8 and 9): the inbox behind the header's bell, the
 * Profile push card and Web Push. Every text a member reads is here, shared by client and server.
 */

/**
 * The kinds of notification. Each member can turn each kind off; a kind turned off is neither
 * kept in the inbox nor pushed (docs/decisions/0041). `staffOnly` kinds reach OWNER, PASTOR and
 * STAFF only (spec section 6, moderation notices).
 */
export const NOTIFICATION_KINDS = ["serviceStarted", "testimonyApproved", "prayerAnswered", "questionToModerate", "testimonyToModerate"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_INFO: Record<NotificationKind, { label: string; hint: string; staffOnly: boolean }> = {
  serviceStarted: { label: "Service started", hint: "When a service goes live", staffOnly: false },
  testimonyApproved: { label: "Testimony approved", hint: "When your testimony is shared with the church", staffOnly: false },
  prayerAnswered: { label: "Prayers answered", hint: "When a request you prayed for is answered", staffOnly: false },
  questionToModerate: { label: "Questions to moderate", hint: "A new question needs moderation", staffOnly: true },
  testimonyToModerate: { label: "Testimonies to approve", hint: "A new testimony needs approval", staffOnly: true },
};

/** The kinds a member of `role` can receive (and so sees switches for). */
export const kindsForRole = (role: string | null | undefined): NotificationKind[] =>
  NOTIFICATION_KINDS.filter((k) => !NOTIFICATION_KIND_INFO[k].staffOnly || isStaff(role));

/** What a notification says and where tapping it goes (inbox and push alike). */
export const NOTIFICATION_MESSAGES = {
  serviceStarted: (serviceTitle: string) => ({ title: "Service Started", body: `${serviceTitle} is now live!`, url: "/sunday" }),
  testimonyApproved: () => ({ title: "Testimony Approved", body: "Your testimony is now shared with the church. Thank you!", url: "/connect" }),
  prayerAnswered: (prayerTitle: string) => ({
    title: "Prayer Answered",
    body: `A request you prayed for has been answered: "${truncate(prayerTitle, 80)}"`,
    url: "/prayer",
  }),
  questionToModerate: () => ({ title: "New Question", body: "A new question needs moderation", url: "/admin" }),
  testimonyToModerate: () => ({ title: "New Testimony", body: "A new testimony needs approval", url: "/admin" }),
} as const;

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
};

function truncate(s: string, max: number) {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

export { SERVICE_WORKER_ACTIVATION_TIMEOUT_MS, PUSH_TOKEN_REFRESH_MS, SERVICE_WORKER_URL } from "./service-worker";
/** Inbox page size and the most a member may ask for at once. */
export const INBOX_PAGE_SIZE = 20;
export const INBOX_PAGE_MAX = 50;
/** A member keeps at most this many push devices; registering one more forgets the least recently registered. */
export const MAX_PUSH_DEVICES = 20;

export const NOTIFICATIONS_TEXT = {
  inboxTitle: "Notifications",
  markAllRead: "Mark all as read",
  markRead: "Mark as read",
  empty: "No notifications yet",
  emptyHint: "We'll let you know when a service starts, your testimony is approved or a prayer is answered.",
  loadFailed: "Failed to load notifications",
  preferencesLoadFailed: "Failed to load your notification preferences",
  retry: "Try again",
  loadMore: "Load more",
  notFound: "Notification not found",
  // Profile push card (spec section 2).
  cardTitle: "Push notifications",
  unsupported: "Push notifications are not supported on this device or browser.",
  blocked: "Notifications are blocked for this site. Allow them in your browser settings to turn them on.",
  enableSwitch: "Notifications on this device",
  activeOn: (n: number) => `Active on ${n} ${n === 1 ? "device" : "devices"}`,
  activeNotice: (date: string) => `Push notifications are active. Last updated ${date}.`,
  enableButton: "Enable Push Notifications",
  enabling: "Enabling...",
  kindsTitle: "Notify me about",
  kindsHint: "A kind you turn off is not sent to your devices or kept in your inbox.",
  // Toasts (spec section 8).
  notSupported: { title: "Not Supported", description: "Push notifications are not supported on this device" },
  permissionDenied: { title: "Permission Denied", description: "Notification permission was denied. You can enable it in your browser settings." },
  permissionError: { title: "Error", description: "Failed to request notification permission" },
  registrationFailed: { title: "Registration Failed", description: "Failed to register for push notifications" },
  disableFailed: { title: "Error", description: "Failed to disable notifications" },
  enabled: { title: "Notifications Enabled" },
  disabled: { title: "Notifications Disabled" },
  preferenceFailed: { title: "Error", description: "Failed to save your notification preference" },
  // Server validation of a subscription.
  badSubscription: "Invalid push subscription",
  badEndpoint: "The push endpoint must be an https:// address of a push service",
  badP256dh: "keys.p256dh must be a P-256 public key (65 bytes, base64url)",
  badAuth: "keys.auth must be a 16-byte secret (base64url)",
  tokenNotFound: "Push registration not found",
} as const;

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
});
export type NotificationPreferences = z.infer<typeof ZNotificationPreferences>;

/** Only the kinds named change; an unknown kind is a 400. */
export const ZUpdatePreferences = z.object({ kinds: ZKindSwitches.partial().strict() });
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
